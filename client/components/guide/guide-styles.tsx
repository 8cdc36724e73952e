/**
 * The guide area's stylesheet. Page chunks load lazily and the edge links only the entry's CSS, so the pages link
 * their own: React hoists the `<link>` into <head> on the edge (styled before any script runs) and dedupes it.
 */
import stylesheet from '../../styles/guide.css?url'

export function GuideStyles() {
  return <link rel="stylesheet" href={stylesheet} precedence="guide" />
}
