/**
 * The services area's stylesheet. Page chunks load lazily and the edge links only the entry's CSS, so the pages link
 * their own: React hoists the `<link>` into <head> on the edge (styled before any script runs) and dedupes it.
 */
import stylesheet from '../../styles/services.css?url'

export function ServicesStyles() {
  return <link rel="stylesheet" href={stylesheet} precedence="services" />
}
