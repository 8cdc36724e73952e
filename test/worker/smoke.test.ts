import { exports } from 'cloudflare:workers'
import { expect, it } from 'vitest'

it('serves the home page at the bare root in the negotiated locale', async () => {
  const res = await exports.default.fetch('http://portal.test/', { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })
  expect(res.status).toBe(200)
  expect(await res.text()).toContain('<html lang="ru"')
})
