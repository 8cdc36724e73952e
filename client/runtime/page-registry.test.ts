import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../shared/routes'
import { createRegistry, type PageModule } from './page-registry'

const PAGE_FILES = readdirSync(path.join(import.meta.dirname, '../pages'))
  .filter((f) => f.endsWith('.tsx'))
  .map((f) => f.slice(0, -4))

describe('pages', () => {
  it('has a page file for every route of the table, and no page file without a route', () => {
    expect([...PAGE_FILES].sort()).toEqual(ROUTES.map((r) => r.id).sort())
  })

  it('refuses to load a page that has no file instead of showing a stand-in', async () => {
    const Page = () => null
    const registry = createRegistry({ './home.tsx': { Page } satisfies PageModule })
    expect(registry.get('home')).toBe(Page)
    await expect(registry.load('about')).rejects.toThrow(/No page for route about/)
  })
})
