/**
 * Writes the font of the share cards (docs/decisions/0028-share-cards.md): Noto Sans Bold (SIL Open Font License 1.1,
 * which allows embedding and redistributing subsets; its licence ships beside it) cut to the letters the portal's
 * three languages write: Latin with Uzbek's oʻ/gʻ marks, Cyrillic with Uzbek's ў қ ғ ҳ, digits and punctuation.
 * Run it after upgrading `@expo-google-fonts/noto-sans`: `node scripts/card-font.mjs`.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import subsetFont from 'subset-font'

const require = createRequire(import.meta.url)
const pkg = dirname(require.resolve('@expo-google-fonts/noto-sans/package.json'))
const out = new URL('../worker/share/', import.meta.url)

const ranges = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2b9, 0x2bc],
  [0x400, 0x4ff],
  [0x2010, 0x2026],
  [0x2116, 0x2116],
  [0x20ac, 0x20ac],
]
const text = ranges
  .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
  .join('')
const font = readFileSync(join(pkg, '700Bold/NotoSans_700Bold.ttf'))
const subset = await subsetFont(font, text, { targetFormat: 'truetype' })
writeFileSync(new URL('card-font.bin', out), subset)
copyFileSync(join(pkg, 'LICENSE_FONT'), new URL('card-font-OFL.txt', out))
console.log(`card-font.bin: ${subset.length} bytes`)
