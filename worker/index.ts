import { Hono } from 'hono'
import { renderToReadableStream } from 'react-dom/server'
import { createElement } from 'react'
import manifest from 'virtual:client-manifest'
const app = new Hono<{ Bindings: Env }>()
app.get('/gateway/*', (c) => c.env.GATEWAY.fetch(new Request(new URL(c.req.path.slice(8), 'http://gateway'), c.req.raw)))
app.get('*', async (c) => {
  const stream = await renderToReadableStream(createElement('html', null, createElement('body', null, createElement('h1', null, 'hi ' + c.req.path), createElement('script', { type: 'module', src: manifest.entry }))))
  return new Response(stream, { headers: { 'content-type': 'text/html; charset=utf-8' } })
})
export default app
