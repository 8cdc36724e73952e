/** The services area's stylesheet (`<PageSheet>`: inlined by the edge, linked after a client navigation). */
import { PageSheet } from '../../runtime/sheets'

export function ServicesStyles() {
  return <PageSheet name="services" />
}
