/** `/guide/explore/{id}`: a project reached from the sector explorer, shown like the project page. */

import { exploreItemPlan } from '../../../shared/plans/guide'
import { ProjectDetail } from '../../features/guide/project-detail'
import { useRouteData } from '../../runtime/router'

export function Page() {
  const { keys } = useRouteData(exploreItemPlan)
  return <ProjectDetail dataKey={keys.project} from="explore" />
}
