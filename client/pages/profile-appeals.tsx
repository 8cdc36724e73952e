/**
 * `/profile/appeals` (list, `?new=1` opens the form) and `/profile/appeals/{id}` (read-only view, the reply thread
 * while `reviewed`, accept or reject with a reason). Every form posts to the page's action, so it works without JS.
 */
import { appealsPlan } from '../../shared/plans/account'
import { AppealList } from '../features/appeals/appeal-list'
import { AppealView } from '../features/appeals/appeal-view'
import { useRouteData } from '../runtime/router'

export function Page() {
  const { params, query, keys } = useRouteData(appealsPlan)
  if (params.id && keys.appeal && keys.responses)
    return <AppealView id={params.id} appealKey={keys.appeal} threadKey={keys.responses} />
  if (!keys.list) return null
  return (
    <AppealList
      listKey={keys.list}
      page={query.page ?? 0}
      create={keys.topics && keys.regions ? { topicsKey: keys.topics, regionsKey: keys.regions } : null}
    />
  )
}
