import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import ru from '../../locales/ru.json'
import uz from '../../locales/uz.json'
import font from './card-font.bin'
import { breakLines } from './card-svg'
import { readFontMetrics } from './font-metrics'

const metrics = readFontMetrics(font)
/** Every string of a locale file. */
const strings = (messages: object): string[] =>
  Object.values(messages).flatMap((v) => (typeof v === 'string' ? [v] : strings(v as object)))

describe('the share card’s font', () => {
  it('has a glyph for every letter the three languages write, Uzbek’s oʻ gʻ ў қ ғ ҳ among them', () => {
    expect(metrics.covers('Oʻzbekiston Gʻalla oʼ ЎзбекистонҚҒҲ ўқғҳ ЁёЪъ «»“”‘’—–…№')).toBe(true)
    const missing = [...new Set([en, ru, uz].flatMap(strings).join(''))].filter((ch) => !metrics.covers(ch))
    expect(missing).toEqual([])
    expect(metrics.covers('漢')).toBe(false)
  })
})

describe('breaking a title into lines', () => {
  it('keeps every line within the width, in as few lines as the words allow', () => {
    const title = 'Инвестиционные проекты в Ташкентской области: новые возможности для иностранных компаний'
    const lines = breakLines(title, metrics, 64, 1040, 6)
    expect(lines.join(' ')).toBe(title)
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) expect(metrics.width(line, 64)).toBeLessThanOrEqual(1040)
  })

  it('cuts what does not fit with an ellipsis, and breaks a word wider than a line', () => {
    const lines = breakLines('word '.repeat(200), metrics, 64, 1040, 3)
    expect(lines).toHaveLength(3)
    expect(lines[2]!.endsWith('…')).toBe(true)
    expect(metrics.width(lines[2]!, 64)).toBeLessThanOrEqual(1040)
    const long = breakLines('x'.repeat(100), metrics, 64, 1040, 4)
    expect(long.length).toBeGreaterThan(1)
    for (const line of long) expect(metrics.width(line, 64)).toBeLessThanOrEqual(1040)
  })
})
