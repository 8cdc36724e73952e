/** `/guide/explore/{id}`: a project reached from the sector explorer, shown like the project page. */
import { ProjectDetail } from '../../components/guide/project-detail'
import { useRouter } from '../../router'

export function Page() {
  const { route } = useRouter()
  return <ProjectDetail id={route.params.id!} from="explore" />
}
