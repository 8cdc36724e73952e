/** The guide area's stylesheet (`<PageSheet>`: inlined by the edge, linked after a client navigation). */
import { PageSheet } from '../../runtime/sheets'

export function GuideStyles() {
  return <PageSheet name="guide" />
}
