import { Hono } from 'hono'
const app = new Hono<{ Bindings: Env }>()
app.get('/core/ping', async (c) => c.json({ result: { code: 'ok', description: '' }, content: await c.env.DB.prepare('select 1 as x').first() }))
export default app
