/**
 * Each role reaches only its screens (docs/operations.md#operator-access): a moderator the queues and the inbox, an
 * editor the content, an admin everything. Any other screen is a 403 page, and a write from the wrong role changes
 * nothing, because the gateway checks the role again.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import en from '../locales/en.json'
import ru from '../locales/ru.json'
import uz from '../locales/uz.json'
import { ensureOperators, newAppeal, newRegistration, open, openAs, type Role, tokenOf } from './helpers'

const SCREENS = [
  '/en/appeals',
  '/en/projects',
  '/en/registrations',
  '/en/inbox',
  '/en/people',
  '/en/content',
  '/en/operators',
  '/en/audit',
  '/en/mail',
]
const REACHES: Record<Role, string[]> = {
  moderator: ['/en/appeals', '/en/projects', '/en/registrations', '/en/inbox', '/en/people'],
  editor: ['/en/content'],
  admin: SCREENS,
}

beforeAll(ensureOperators)

describe('roles', () => {
  it.each(['moderator', 'editor', 'admin'] as const)(
    'lets the %s open the overview and only the sections of the role',
    async (role) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const home = await openAs(role, '/en')
      expect(home.status).toBe(200)
      for (const path of SCREENS) {
        const page = await openAs(role, path)
        const reaches = REACHES[role].includes(path)
        expect(page.status, `${role} ${path}`).toBe(reaches ? 200 : 403)
        if (!reaches) expect(page.html).toContain('<h1>Not for your role</h1>')
        // The sections the overview offers are exactly those the role opens.
        expect(home.html.includes(`href="${path}"`), `${role} sees ${path}`).toBe(reaches)
      }
      vi.restoreAllMocks()
    },
  )

  it('refuses an editor’s reply to an appeal and a moderator’s new operator, and neither changes anything', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const appeal = await newAppeal()
    const reply = await openAs('editor', `/en/appeals/${appeal.id}/reply`, {
      reply: 'Forwarded to the customs office.',
    })
    expect(reply.status).toBe(403)
    const row = await env.GATEWAY_DB.prepare('SELECT status FROM appeals WHERE id = ?').bind(appeal.id).first()
    expect(row).toEqual({ status: 'in_moderation' })
    const registration = await newRegistration()
    expect((await openAs('editor', `/en/registrations/${registration}/approve`, {})).status).toBe(403)
    const state = await env.GATEWAY_DB.prepare('SELECT state FROM registrations WHERE id = ?')
      .bind(registration)
      .first()
    expect(state).toEqual({ state: 'pending' })
    const added = await openAs('moderator', '/en/operators', { email: 'sneaky@console.test', role: 'admin' })
    expect(added.status).toBe(403)
    const sneaky = await env.GATEWAY_DB.prepare("SELECT 1 FROM operators WHERE email = 'sneaky@console.test'").first()
    expect(sneaky).toBeNull()
    vi.restoreAllMocks()
  })

  it('refuses a form posted from another site, whoever is signed in', async () => {
    const appeal = await newAppeal()
    const page = await open(`/en/appeals/${appeal.id}/reply`, {
      token: await tokenOf('admin'),
      form: { reply: 'Posted by another site.' },
      origin: 'https://attacker.example',
    })
    expect(page.status).toBe(403)
    const row = await env.GATEWAY_DB.prepare('SELECT status FROM appeals WHERE id = ?').bind(appeal.id).first()
    expect(row).toEqual({ status: 'in_moderation' })
  })
})

describe('the console’s messages', () => {
  const keys = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))

  it('have the same keys in uz, ru and en, none of them empty', () => {
    const master = keys(en).sort()
    for (const [lang, messages] of [
      ['ru', ru],
      ['uz', uz],
    ] as const) {
      expect(keys(messages).sort(), lang).toEqual(master)
      expect(JSON.stringify(messages), lang).not.toMatch(/:\s*""/)
    }
  })
})
