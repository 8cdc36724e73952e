// `/en`: the portal's home page (its own components, client/pages/home.tsx in client/shell/layout.tsx) as a React
// Router route. The loader starts the page's gateway reads and returns them unawaited, so React Router streams
// them after the shell (its deferred data); the portal's sections suspend on them as they do on the edge.
import { env } from 'cloudflare:workers'
import { useMemo } from 'react'
import { useLoaderData } from 'react-router'
import { Page as PortalHomePage } from '../../../../../../client/pages/home'
import { Layout } from '../../../../../../client/shell/layout'
import { loadHome, someMessages } from '../../../common/data'
import { HOME_NAMESPACES } from '../../../common/namespaces'
import { HOME_KEYS, HOME_META, homeRoute, PortalProviders, payloadStore } from '../../../common/portal'

export function loader({ request }: { request: Request }) {
  const url = new URL(request.url)
  const data = loadHome(env)
  return {
    origin: url.origin,
    search: url.search,
    // Everything the page's render reads, the parts the browser keeps as drawn included: the component runs on both
    // sides with the same loader data.
    messages: someMessages(HOME_NAMESPACES),
    entries: {
      [HOME_KEYS.latestPosts]: data.latestPosts,
      [HOME_KEYS.territories]: data.territories,
      [HOME_KEYS.reviews]: data.reviews,
      [HOME_KEYS.settings]: data.settings,
    },
  }
}

export default function Home() {
  const { origin, search, messages, entries } = useLoaderData<typeof loader>()
  const store = useMemo(() => payloadStore(entries, typeof document === 'undefined'), [entries])
  const route = useMemo(() => homeRoute(search), [search])
  return (
    <PortalProviders messages={messages} store={store} origin={origin} route={route}>
      <Layout name="default" meta={HOME_META}>
        <PortalHomePage />
      </Layout>
    </PortalProviders>
  )
}
