import { describe, expect, it } from 'vitest'
import { sanitizeUserHtml } from '../src/lib/user-html'

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
  ])('turns %s into %s', async (input, output) => {
    expect(await sanitizeUserHtml(input)).toBe(output)
  })

  it('leaves no element behind from a noscript attribute break-out', async () => {
    const out = await sanitizeUserHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>')
    expect(out).not.toMatch(/<(img|p|noscript)\b/)
  })
})
