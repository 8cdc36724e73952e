import { describe, expect, it } from 'vitest'
import { DISGUISED_HREFS, HREF_CASES, HREF_ORIGIN } from '../../contract/html-href.cases'
import { excerpt, htmlToText, sanitizeUserHtml } from '../src/lib/user-html'

/** `value` as a double-quoted attribute writes it. */
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/**
 * The href a browser reads from the stored link written with `written` as its attribute, or null when it has none
 * (the stored HTML escapes only `&` and `"` in it).
 */
async function storedHref(written: string): Promise<string | null> {
  const stored = await sanitizeUserHtml(`<a href="${written}">x</a>`, HREF_ORIGIN)
  const href = /^<a href="([^"]*)" rel="noopener noreferrer nofollow">x<\/a>$/.exec(stored)?.[1]
  if (href === undefined) {
    expect(stored).toBe('<a rel="noopener noreferrer nofollow">x</a>')
    return null
  }
  return href.replace(/&quot;/g, '"').replace(/&amp;/g, '&')
}

describe('sanitizeUserHtml', () => {
  it.each([
    ['<p>Plain <strong>bold</strong> and <em>em</em></p>', '<p>Plain <strong>bold</strong> and <em>em</em></p>'],
    ['<p onclick="x()" style="color:red" class="c">x</p>', '<p>x</p>'],
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>text', 'text'],
    ['<xmp><script>alert(1)</script></xmp>after', 'after'],
    ['<a href="jav&#x61;script:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="//evil.example">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    [
      '<a href="/en/guide/project" target="_blank">x</a>',
      '<a href="/en/guide/project" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<table><tr><td colspan="2" width="9">a</td></tr></table>', '<table><tr><td colspan="2">a</td></tr></table>'],
    ['<div><span>kept text</span></div>', 'kept text'],
    ['a<!-- secret -->b', 'ab'],
    ['<svg><script>alert(1)</script></svg>x', 'x'],
    [
      '<table><tr><th scope="row" style="x">A</th><td>1 &lt; 2</td></tr></table>',
      '<table><tr><th scope="row">A</th><td>1 &lt; 2</td></tr></table>',
    ],
    // An image: one of the portal's uploads with its alternative text, nothing else (docs/security.md#rendering).
    [
      '<figure><img src="/gateway/document/public/file/Abc_12345" alt=" A plant " width="9" onerror="x()"><figcaption>c</figcaption></figure>',
      '<figure><img src="/gateway/document/public/file/Abc_12345" alt="A plant"><figcaption>c</figcaption></figure>',
    ],
    ['<img src="/gateway/document/public/file/Abc_12345">no alt', 'no alt'],
    ['<img src="https://tracker.example/document/public/file/Abc_12345" alt="a">elsewhere', 'elsewhere'],
    ['<img src="/gateway/document/public/file/Abc_12345?x=1" alt="a">query', 'query'],
  ])('turns %s into %s', async (input, output) => {
    expect(await sanitizeUserHtml(input)).toBe(output)
  })

  it('leaves no element behind from a noscript attribute break-out', async () => {
    const out = await sanitizeUserHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>')
    expect(out).not.toMatch(/<(img|p|noscript)\b/)
  })
})

describe('links, by the one rule the portal’s renderer follows too (contract/html-href.cases.ts)', () => {
  it.each(HREF_CASES)('stores of href %j: %j', async (value, kept) => {
    expect(await storedHref(attribute(value))).toBe(kept)
  })

  it.each(DISGUISED_HREFS)('drops href="%s", decoded as a browser decodes it', async (written) => {
    expect(await storedHref(written)).toBeNull()
  })

  it('writes a kept address so a browser reads it as checked: a reference it did not decode stays text', async () => {
    expect(await storedHref('/search?q=a&amp;b&amp;lang=en')).toBe('/search?q=a&b&lang=en')
    expect(await storedHref('/a&amp;#106;b')).toBe('/a&#106;b')
    expect(await sanitizeUserHtml('<a href="/x?a&amp;lpar;=1">x</a>', HREF_ORIGIN)).toBe(
      '<a href="/x?a&amp;lpar;=1" rel="noopener noreferrer nofollow">x</a>',
    )
  })
})

describe('htmlToText', () => {
  it('reads what the elements say: blocks apart, inline tags joined, entities decoded, spaces collapsed', async () => {
    expect(await htmlToText('<p>A&amp;B</p><p>C &lt;D&gt;</p>')).toBe('A&B C <D>')
    expect(await htmlToText('<h2>Energy</h2><p>Tash<strong>kent</strong>, 8&nbsp;GW<br>by 2030</p>')).toBe(
      'Energy Tashkent, 8 GW by 2030',
    )
    expect(await htmlToText('<table><tr><td>Capacity</td><td>2,500 MW</td></tr></table>')).toBe('Capacity 2,500 MW')
  })

  it('leaves out what is no text: scripts, styles, comments', async () => {
    expect(await htmlToText('<p>shown</p><script>alert("x")</script><style>p{}</style><!-- note -->')).toBe('shown')
  })

  it('cuts an excerpt at a word with an ellipsis', () => {
    const long = 'word '.repeat(80)
    expect(excerpt(long, 50).length).toBeLessThanOrEqual(51)
    expect(excerpt(long, 50).endsWith('…')).toBe(true)
    expect(excerpt('short', 50)).toBe('short')
  })
})
