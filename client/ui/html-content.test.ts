import { createElement, Fragment } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DISGUISED_HREFS, HREF_CASES, HREF_ORIGIN } from '../../contract/html-href.cases'
import { decodeEntities } from '../../shared/markup/html-text'
import { localiseHref, renderSafeNodes, type SafeNode, sanitizeHtml } from './html-content-core'

/** The markup React would send for `html` after sanitising: what the browser finally sees. */
function render(html: string): string {
  return renderToStaticMarkup(createElement(Fragment, null, ...renderSafeNodes(sanitizeHtml(html, HREF_ORIGIN))))
}

/** `value` as a double-quoted attribute writes it. */
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** The href the renderer keeps of a link written with `written` as its attribute, or null when it keeps none. */
function keptHref(written: string): string | null {
  const [link] = sanitizeHtml(`<a href="${written}">x</a>`, HREF_ORIGIN)
  return typeof link === 'object' && link.tag === 'a' ? link.attrs.href! : null
}

describe('sanitizeHtml', () => {
  it('keeps allowed structure and text', () => {
    const html =
      '<h2>Title</h2><p>Hello <strong>bold</strong> and <em>soft</em><br>next</p><ul><li>one</li><li>two</li></ul>'
    expect(render(html)).toBe(html.replace('<br>', '<br/>'))
  })

  it('drops script and style elements together with their content', () => {
    expect(render('<p>a</p><script>alert(1)</script><style>p{color:red}</style><p>b</p>')).toBe('<p>a</p><p>b</p>')
    expect(render('<p>x<SCRIPT type="text/javascript">document.write("<p>evil</p>")</SCRIPT>y</p>')).toBe('<p>xy</p>')
  })

  it('drops svg, math, iframes and templates with everything inside', () => {
    expect(render('<p>a</p><svg><a href="https://x.test"><text>t</text></a><script>1</script></svg><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    )
    expect(
      render(
        '<iframe src="https://evil.test"><p>inside</p></iframe><template><p>t</p></template><math><mi>x</mi></math>ok',
      ),
    ).toBe('ok')
  })

  it('removes event handlers, style, class and id attributes', () => {
    const out = render(
      '<p onclick="alert(1)" style="color:red" class="x" id="y">t</p><img src="/a.png" onerror="alert(1)" alt="A">',
    )
    expect(out).toBe('<p>t</p><img src="/a.png" alt="A" loading="lazy" decoding="async"/>')
  })

  it('unwraps unknown tags but keeps their text', () => {
    expect(render('<div><span>Hello</span> <u>world</u></div>')).toBe('Hello world')
    expect(render('<section><p>Kept</p></section>')).toBe('<p>Kept</p>')
  })

  it('drops links with javascript:, data: or vbscript: URLs, however they are disguised', () => {
    const attacks = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript&#x3A;alert(1)',
      'javascript&colon;alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
    ]
    for (const href of attacks) {
      const out = render(`<p><a href="${href}">click</a></p>`)
      expect(out, href).toBe('<p>click</p>')
    }
  })

  it('keeps http(s), mailto, tel and relative links, and marks external ones noopener', () => {
    expect(render('<a href="https://gov.uz/x?a=1&amp;b=2">g</a>')).toBe(
      '<a href="https://gov.uz/x?a=1&amp;b=2" rel="noopener noreferrer">g</a>',
    )
    expect(
      render(
        '<a href="mailto:info@invest.example">m</a><a href="tel:+998712021000">t</a><a href="/contact-us#form">c</a>',
      ),
    ).toBe(
      '<a href="mailto:info@invest.example">m</a><a href="tel:+998712021000">t</a><a href="/contact-us#form">c</a>',
    )
  })

  it('allows images only from http(s) or relative sources, with numeric sizes', () => {
    expect(render('<img src="data:image/svg+xml;base64,AAAA" alt="x">')).toBe('')
    expect(render('<img src="javascript:alert(1)">')).toBe('')
    expect(render('<img src="https://cdn.test/a.jpg" alt="Plant" width="640" height="360px">')).toBe(
      '<img src="https://cdn.test/a.jpg" alt="Plant" width="640" loading="lazy" decoding="async"/>',
    )
    expect(render('<img src="/a.jpg">')).toBe('<img src="/a.jpg" alt="" loading="lazy" decoding="async"/>')
  })

  it('never lets a quote in an attribute break out of it', () => {
    const out = render(
      '<a href=\'/x" onmouseover="alert(1)\'>q</a><img src="/a.png" alt="&quot; onerror=&quot;alert(1)">',
    )
    expect(out).toBe(
      '<a href="/x&quot; onmouseover=&quot;alert(1)">q</a><img src="/a.png" alt="&quot; onerror=&quot;alert(1)" loading="lazy" decoding="async"/>',
    )
  })

  it('escapes text so stray angle brackets stay text', () => {
    expect(render('1 < 2 and 3 > 2 &lt;script&gt;')).toBe('1 &lt; 2 and 3 &gt; 2 &lt;script&gt;')
    expect(render('<p>a <<b>b</b></p>')).toBe('<p>a &lt;<b>b</b></p>')
  })

  it('ignores comments, doctypes and CDATA', () => {
    expect(render('<!DOCTYPE html><!-- <script>alert(1)</script> --><p>a</p><![CDATA[x]]><?php echo 1 ?>')).toBe(
      '<p>a</p>',
    )
  })

  it('drops a tag that never closes instead of guessing', () => {
    expect(render('<p>ok</p><img src="/a.png" onerror="alert(1)"')).toBe('<p>ok</p>')
    expect(render('<p>ok</p><a href="/x')).toBe('<p>ok</p>')
  })

  it('closes paragraphs before blocks so the browser parses the output back to the same tree', () => {
    expect(render('<p>intro<ul><li>a<li>b</ul>after')).toBe('<p>intro</p><ul><li>a</li><li>b</li></ul>after')
    expect(render('<p>x<h2>y</h2>')).toBe('<p>x</p><h2>y</h2>')
    expect(render('<a href="/a">one<a href="/b">two</a>')).toBe('<a href="/a">one</a><a href="/b">two</a>')
  })

  it('gives tables the row groups and rows the browser would insert, without stray text', () => {
    expect(render('<table>\n <tr><td>1<td>2</tr>\n<tr><th scope="col" onclick="x">h</th></table>')).toBe(
      '<div class="table-scroll" role="region" tabindex="0"><table><tbody><tr><td>1</td><td>2</td></tr><tr><th scope="col">h</th></tr></tbody></table></div>',
    )
    expect(
      render(
        '<table>junk<p>para</p><thead><tr><th>a</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>',
      ),
    ).toBe(
      '<div class="table-scroll" role="region" tabindex="0"><table><thead><tr><th>a</th></tr></thead><tbody><tr><td colSpan="2">b</td></tr></tbody></table></div>',
    )
  })

  it('maps h1 to h2 and h5/h6 to h4, keeping the page its single h1', () => {
    expect(render('<h1>A</h1><h5>B</h5><h6>C</h6>')).toBe('<h2>A</h2><h4>B</h4><h4>C</h4>')
  })

  it('keeps figures with captions and blockquotes', () => {
    expect(
      render(
        '<figure><img src="/p.jpg" alt="Plant" width="4" height="3"><figcaption>Caption</figcaption></figure><blockquote><p>Q</p></blockquote>',
      ),
    ).toBe(
      '<figure><img src="/p.jpg" alt="Plant" width="4" height="3" loading="lazy" decoding="async"/><figcaption>Caption</figcaption></figure><blockquote><p>Q</p></blockquote>',
    )
  })

  it('survives deep nesting and unbalanced end tags', () => {
    const deep = `${'<em>'.repeat(500)}x${'</em>'.repeat(500)}`
    expect(render(deep)).toBe(`${'<em>'.repeat(32)}x${'</em>'.repeat(32)}`)
    expect(render('</p></li></table><p>a</strong></p>')).toBe('<p>a</p>')
  })

  it('returns no nodes for empty or missing input', () => {
    expect(sanitizeHtml('', HREF_ORIGIN)).toEqual([])
    expect(sanitizeHtml(null, HREF_ORIGIN)).toEqual([])
    expect(sanitizeHtml(undefined, HREF_ORIGIN)).toEqual([])
  })

  it('produces only allow-listed tags and attributes for arbitrary input', () => {
    const tags = new Set([
      'p',
      'h2',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'b',
      'i',
      'a',
      'br',
      'blockquote',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'figure',
      'figcaption',
      'img',
    ])
    const attrs = new Set(['href', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope'])
    const pieces = [
      '<p>',
      '</p>',
      '<script>',
      '</script>',
      '<a href="javascript:x">',
      '<a href=/ok>',
      '</a>',
      '<img src=x onerror=y>',
      '<table>',
      '<tr>',
      '<td>',
      '</table>',
      '<svg>',
      '</svg>',
      'text',
      '&amp;',
      '<',
      '>',
      '"',
      "'",
      '<div style="x">',
      '<!--',
      '-->',
      '<li>',
      '<ul>',
      '</ul>',
    ]
    let seed = 7
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const check = (nodes: readonly SafeNode[]) => {
      for (const n of nodes) {
        if (typeof n === 'string') continue
        expect(tags.has(n.tag), n.tag).toBe(true)
        for (const k of Object.keys(n.attrs)) expect(attrs.has(k), k).toBe(true)
        if (n.attrs.href) expect(n.attrs.href).not.toMatch(/^javascript:/i)
        check(n.children)
      }
    }
    for (let round = 0; round < 300; round++) {
      const html = Array.from({ length: 20 }, () => pieces[rand(pieces.length)]).join('')
      check(sanitizeHtml(html, HREF_ORIGIN))
    }
  })
})

describe('decodeEntities', () => {
  it('decodes named and numeric references and leaves unknown names alone', () => {
    expect(decodeEntities('&laquo;A&raquo; &#8212; &#x41;&#66 &unknown; &amp;')).toBe('«A» — AB &unknown; &')
  })
})

describe('links, by the one rule the gateway’s sanitiser follows too (contract/html-href.cases.ts)', () => {
  it.each(HREF_CASES)('keeps of href %j: %j', (value, kept) => {
    expect(keptHref(attribute(value))).toBe(kept)
  })

  it.each(DISGUISED_HREFS)('drops href="%s", decoded as a browser decodes it', (written) => {
    expect(keptHref(written)).toBeNull()
  })

  it('gives a site path the page’s language, but never an address that leaves the site', () => {
    expect(localiseHref('/guide/project', 'ru', HREF_ORIGIN)).toBe('/ru/guide/project')
    expect(localiseHref('https://invest.example/about#team', 'uz', HREF_ORIGIN)).toBe('/uz/about#team')
    expect(localiseHref('/en/about', 'ru', HREF_ORIGIN)).toBe('/en/about')
    expect(localiseHref('/files/report.pdf', 'ru', HREF_ORIGIN)).toBe('/files/report.pdf')
    for (const away of ['/\\evil.com', '//evil.com', '/%5Cevil.com', 'https://evil.com/'])
      expect(localiseHref(away, 'ru', HREF_ORIGIN)).toBe(away)
  })

  it('renders a link that leaves the site noopener, and none that looks local but would', () => {
    expect(render('<a href="/\\evil.com">a</a><a href="https://gov.uz">b</a><a href="/en/about">c</a>')).toBe(
      'a<a href="https://gov.uz/" rel="noopener noreferrer">b</a><a href="/en/about">c</a>',
    )
  })

  it('keeps images from http(s) and site paths only, by the same rule', () => {
    expect(render('<img src="//cdn.example/a.png">')).toBe('')
    expect(render('<img src="/\\cdn.example/a.png">')).toBe('')
    expect(render('<img src="mailto:a@b.example">')).toBe('')
    expect(render('<img src="https://invest.example/a.png">')).toBe(
      '<img src="/a.png" alt="" loading="lazy" decoding="async"/>',
    )
  })
})
