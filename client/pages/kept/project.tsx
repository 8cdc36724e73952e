/** `/guide/project/{id}`: one investment project with its figures, description, map link, presentation and contacts. */
import { ProjectDetail } from '../../components/guide/project-detail'
import { useRouter } from '../../router'

export function Page() {
  const { route } = useRouter()
  return <ProjectDetail id={route.params.id!} from="project" />
}
