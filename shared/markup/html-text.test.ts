import { describe, expect, it } from 'vitest'
import { decodeEntities, htmlToText, textToHtml } from './html-text'

describe('decodeEntities', () => {
  it('decodes named and numeric references and leaves unknown names alone', () => {
    expect(decodeEntities('&laquo;A&raquo; &#8212; &#x41;&#66 &unknown; &amp;')).toBe('«A» — AB &unknown; &')
  })

  it('turns a reference to nothing or to a surrogate into the replacement character', () => {
    expect(decodeEntities('a&#0;b&#xD800;c')).toBe('a\ufffdb\ufffdc')
  })
})

describe('htmlToText', () => {
  it('gives a description its words: tags go without gluing blocks, entities decode, spaces collapse', () => {
    expect(htmlToText('<h2>Energy</h2><p>Solar &amp; wind,\n  <strong>8&nbsp;GW</strong> by 2030.</p>')).toBe(
      'Energy Solar & wind, 8 GW by 2030.',
    )
    expect(htmlToText('<p>Tash<em>kent</em></p><script>alert(1)</script><style>p{}</style>')).toBe('Tashkent')
  })

  it('never returns markup: an escaped tag comes back as text, for React to escape again', () => {
    expect(htmlToText('&lt;script&gt;x&lt;/script&gt;')).toBe('<script>x</script>')
  })

  it('keeps paragraphs and line breaks for text a person edits', () => {
    expect(
      htmlToText('<p>First line<br>second line</p>\n<p>Second &quot;para&quot;</p><ul><li>a</li></ul>', {
        paragraphs: true,
      }),
    ).toBe('First line\nsecond line\n\nSecond "para"\n\na')
  })

  it('reads table cells as separate words', () => {
    expect(htmlToText('<tr><td>Capacity</td><td>2,500 MW</td></tr>')).toBe('Capacity 2,500 MW')
  })
})

describe('textToHtml', () => {
  it('escapes text and makes paragraphs of blank-line separated blocks, line breaks within', () => {
    expect(textToHtml('One <b> & "two"\r\nthree\n\n\n Four ')).toBe(
      '<p>One &lt;b&gt; &amp; &quot;two&quot;<br>three</p><p>Four</p>',
    )
  })

  it('comes back as the same text through htmlToText', () => {
    const text = 'Cold storage & logistics\nnear Samarkand\n\nPhase two: 2027'
    expect(htmlToText(textToHtml(text), { paragraphs: true })).toBe(text)
  })
})
