import { describe, expect, it } from 'vitest'
import { classesOf, hasPrintRules, parseCssRules, pickCssRules } from '../shared/markup/css-rules'

const css = [
  ':root{--x:1}',
  'a{color:red}',
  '.card{padding:0}',
  '.card__title--large{font-size:2em}',
  '.lot .badge{display:block}',
  '.region-map__region.is-selected{fill:blue}',
  '.prose>:not(.lead){margin:0}',
  '.error-summary{border:1px solid}',
  '.btn:is(.a,.b),.tile{color:green}',
  '@media (min-width:40rem){.card{padding:1rem}.dialog{width:40rem}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.quote:before{content:"{"}',
].join('')

describe('CSS rules picked per document', () => {
  const rules = parseCssRules(css)

  it('parses every rule, nested groups and strings with braces included', () => {
    expect(
      pickCssRules(
        rules,
        new Set([
          'card',
          'card__title',
          'lot',
          'badge',
          'region-map__region',
          'prose',
          'error-summary',
          'btn',
          'a',
          'tile',
          'dialog',
          'quote',
        ]),
      ),
    ).toBe(css)
  })

  it('keeps what the document can match and drops components it does not show', () => {
    const picked = pickCssRules(
      rules,
      classesOf(
        '<main class="card"><h2 class="card__title">x</h2><span class="badge">y</span></main><div class="dialog-host"></div>',
      ),
    )
    expect(picked).toContain(':root{--x:1}')
    expect(picked).toContain('a{color:red}')
    expect(picked).toContain('.card{padding:0}')
    // A modifier of an element on the page: script may switch it later.
    expect(picked).toContain('.card__title--large{font-size:2em}')
    expect(picked).toContain('@media (min-width:40rem){.card{padding:1rem}}')
    expect(picked).toContain('@keyframes spin')
    expect(picked).not.toContain('.lot .badge')
    expect(picked).not.toContain('.error-summary')
    expect(picked).not.toContain('.dialog')
    expect(picked).not.toContain('.tile')
  })

  it('leaves out the parts of a component that the document does not draw', () => {
    expect(pickCssRules(parseCssRules('.menu{a:b}.menu__panel{c:d}.menu--open{e:f}'), new Set(['menu']))).toBe(
      '.menu{a:b}.menu--open{e:f}',
    )
  })

  it('needs no state class nor any class inside a functional pseudo-class', () => {
    const picked = pickCssRules(rules, new Set(['region-map__region', 'prose']))
    expect(picked).toContain('.region-map__region.is-selected{fill:blue}')
    expect(picked).toContain('.prose>:not(.lead){margin:0}')
  })

  it('leaves print-only groups to the print link, and keeps groups that also apply on screen', () => {
    const sheet = parseCssRules(
      '.card{a:b}@media print{.card{c:d}}@media print and (orientation:landscape){.card{e:f}}@media screen,print{.card{g:h}}',
    )
    expect(hasPrintRules(sheet)).toBe(true)
    expect(hasPrintRules(rules)).toBe(false)
    expect(pickCssRules(sheet, new Set(['card']))).toBe('.card{a:b}@media screen,print{.card{g:h}}')
  })

  it('reads the classes of a document from its class attributes only', () => {
    expect([...classesOf('<p class="a  b">class="c"</p><div data-class="d" class="e"></div>')].sort()).toEqual([
      'a',
      'b',
      'e',
    ])
  })
})
