/**
 * The editor's check of a link is the gateway sanitiser's one rule (`contract/html-href.ts`, docs/security.md#rendering),
 * over the table of cases both sides are tested against.
 */
import { describe, expect, it } from 'vitest'
import { HREF_CASES } from '../../contract/html-href.cases'
import { isKeptHref } from './rules'

describe('the editor’s links', () => {
  it('offers a link exactly when the gateway’s sanitiser keeps it: the one rule, over its table of cases', () => {
    for (const [value, kept] of HREF_CASES) expect(isKeptHref(value), JSON.stringify(value)).toBe(kept !== null)
  })
})
