/** `/guide/project/{id}`: one investment project with its figures, description, map link, presentation and contacts. */

import { projectPlan } from '../../../shared/plans/guide'
import { ProjectDetail } from '../../features/guide/project-detail'
import { useRouteData } from '../../runtime/router'

export function Page() {
  const { keys } = useRouteData(projectPlan)
  return <ProjectDetail dataKey={keys.project} from="project" />
}
