/** The current route's title in the reader's language (`routes.*`), for a page drawn without its upstream text. */
import { ROUTE_BY_ID } from '../../shared/routing/routes'
import { useT } from './i18n'
import { useRouter } from './router'

export function useRouteTitle(): string {
  const t = useT()
  const { route } = useRouter()
  return t(`routes.${route.id ? ROUTE_BY_ID[route.id].title : 'page'}`)
}
