/**
 * The console checks every answer of the operators' API against its contract (contract/operators/): an answer of the
 * wrong shape is the "unavailable" page, never a half-drawn screen, and one log line says where it broke without a
 * value of it (docs/security.md#logs). The real gateway answers; one of its answers is bent on the way back.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureOperators, newAppeal, open, tokenOf } from './helpers'

/** The gateway binding, with the appeals list's statuses replaced by one the contract does not know. */
const bentGateway = {
  async fetch(request: Request): Promise<Response> {
    const res = await env.GATEWAY.fetch(request)
    if (new URL(request.url).pathname !== '/core/operator/appeals') return res
    const envelope = (await res.json()) as { content: { items: { status: string }[] } }
    for (const item of envelope.content.items) item.status = 'escalated'
    return Response.json(envelope, { status: res.status })
  },
}

beforeAll(ensureOperators)

describe('answers that break the operators’ contract', () => {
  it('show the unavailable page and log where the answer broke, never its values or the query', async () => {
    await newAppeal()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const page = await open('/en/appeals?status=in_moderation', {
      token: await tokenOf('moderator'),
      env: { GATEWAY: bentGateway },
    })
    expect(page.status).toBe(502)
    expect(page.html).toContain('The console is unavailable')
    expect(page.html).not.toContain('import licence')
    const lines = logged.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('contract violation'))
    expect(lines).toHaveLength(1)
    const line = JSON.parse(lines[0]!) as { path: string; issues: string[]; requestId: string }
    expect(line.path).toBe('/core/operator/appeals')
    expect(line.issues.length).toBeGreaterThan(0)
    expect(line.issues.every((issue) => /^items\.\d+\.status$/.test(issue))).toBe(true)
    expect(line.requestId).toBeTruthy()
    expect(lines[0]).not.toContain('import licence')
    expect(lines[0]).not.toContain('escalated')
    vi.restoreAllMocks()
  })
})
