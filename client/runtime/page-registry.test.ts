import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../shared/routing/routes'
import { createRegistry, type PageModule } from './page-registry'

const pageFiles = (folder: string) =>
  readdirSync(path.join(import.meta.dirname, folder))
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => f.slice(0, -4))
const PAGE_FILES = pageFiles('../pages')
const SERVER_ONLY_FILES = pageFiles('../pages/server-only')

describe('pages', () => {
  it('has one page file for every route of the table, and no page file without a route', () => {
    expect([...PAGE_FILES, ...SERVER_ONLY_FILES].sort()).toEqual(ROUTES.map((r) => r.id).sort())
  })

  it('wraps a server-only page: adopted as the edge drew it, its body loaded only when the browser draws it', async () => {
    let bodyLoads = 0
    const Body = () => null
    const loadBody = async () => {
      bodyLoads++
      return { Page: Body }
    }
    const registry = createRegistry({}, { '../pages/server-only/about.tsx': loadBody })
    const Page = await registry.load('about')
    expect(Page).not.toBe(Body)
    expect(bodyLoads).toBe(0)
    await registry.load('about', { drawn: true })
    expect(bodyLoads).toBe(1)
  })

  it('refuses to load a page that has no file instead of showing a stand-in', async () => {
    const Page = () => null
    const registry = createRegistry({ './home.tsx': { Page } satisfies PageModule })
    expect(registry.get('home')).toBe(Page)
    await expect(registry.load('about')).rejects.toThrow(/No page for route about/)
  })
})
