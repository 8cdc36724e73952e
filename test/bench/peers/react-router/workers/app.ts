// The worker: React Router's request handler over the server build, as in React Router's Cloudflare template.
import { createRequestHandler } from 'react-router'

const requestHandler = createRequestHandler(() => import('virtual:react-router/server-build'), import.meta.env.MODE)

export default {
  fetch(request: Request) {
    return requestHandler(request)
  },
}
