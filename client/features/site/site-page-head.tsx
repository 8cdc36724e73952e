/**
 * What every site page puts in <head> besides its title: the site area's stylesheet (React hoists it into <head> on the
 * edge and dedupes it). The Open Graph tags that do not depend on the page are the edge's (`worker/share/share.ts`).
 */
import { PageSheet } from '../../runtime/sheets'

export function SitePageHead() {
  return <PageSheet name="site" />
}
