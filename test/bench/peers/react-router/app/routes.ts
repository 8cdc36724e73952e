import { type RouteConfig, route } from '@react-router/dev/routes'

export default [
  route('en', 'routes/home.tsx'),
  // The gateway's files (the posts' pictures) under the portal's own addresses, as the portal's edge serves them.
  route('gateway/*', 'routes/gateway.ts'),
] satisfies RouteConfig
