import { describe, expect, it } from 'vitest'
import { readSectorBrief } from './sector-brief'

const page = (content: string, extra: object = {}) => ({ slug: 'sector-energy', title: 'Energy', content, ...extra })

describe('readSectorBrief', () => {
  it('lifts the summary and the figures table out of the reference gateway HTML', () => {
    const brief = readSectorBrief(
      page(
        '<p><strong>Demand grows 5–7% a year &amp; more.</strong></p><table><tbody>' +
          '<tr><th scope="row">Installed capacity</th><td>20 GW</td><td>2024</td></tr>' +
          '<tr><th scope="row">Generation</th><td>1,234.5 млрд кВт·ч</td><td>2024</td></tr></tbody></table><h2>Why now</h2><p>Text</p>',
      ),
    )
    expect(brief.summary).toBe('Demand grows 5–7% a year & more.')
    expect(brief.figures).toEqual([
      { label: 'Installed capacity', value: 20, unit: 'GW', year: '2024' },
      { label: 'Generation', value: 1234.5, unit: 'млрд кВт·ч', year: '2024' },
    ])
    expect(brief.content).toBe('<h2>Why now</h2><p>Text</p>')
  })

  it('prefers summary and figures given as fields', () => {
    const figures = [{ label: 'Share', value: 40, unit: '%', year: 2030 }]
    expect(readSectorBrief(page('<p>Body</p>', { summary: 'Lead', figures }))).toEqual({
      summary: 'Lead',
      figures,
      content: '<p>Body</p>',
    })
  })

  it('leaves HTML of another shape whole', () => {
    for (const html of [
      '<h2>Why now</h2><p>Text</p>',
      '<p><strong>Lead</strong></p><p>No table</p>',
      '<p><strong>Lead</strong></p><table><tr><td>one cell</td></tr></table>',
    ]) {
      expect(readSectorBrief(page(html))).toEqual({ summary: null, figures: [], content: html })
    }
  })

  it('keeps a value without a leading number as text', () => {
    const brief = readSectorBrief(
      page('<p><strong>Lead</strong></p><table><tr><th>Rank</th><td>Top 10</td><td>2023</td></tr></table>'),
    )
    expect(brief.figures).toEqual([{ label: 'Rank', value: 'Top 10', unit: null, year: '2023' }])
  })
})
