// `/gateway/*`: the gateway's public files (the pictures the page's posts link) from the same upstream as the data.

import { env } from 'cloudflare:workers'
import type { APIRoute } from 'astro'

export const GET: APIRoute = ({ request }) => {
  const url = new URL(request.url)
  return fetch(`${env.GATEWAY_URL}${url.pathname.slice('/gateway'.length)}${url.search}`)
}
