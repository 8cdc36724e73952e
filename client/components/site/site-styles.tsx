/**
 * The site pages' stylesheet. Page chunks load lazily and the edge links only the entry's CSS, so the pages link
 * their own: React hoists the `<link>` into <head> on the edge (styled before any script runs) and dedupes it.
 */
import stylesheet from '../../styles/site.css?url'

export function SiteStyles() {
  return <link rel="stylesheet" href={stylesheet} precedence="site" />
}
