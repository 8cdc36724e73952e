/** The document title and description of a page, hoisted into <head> by React. */
import { useT } from '../runtime/i18n'
import { useUnrepeatable } from '../runtime/static-section-context'

export function PageTitle({ title, description }: { title: string; description?: string }) {
  const t = useT()
  // Hoisted into <head>, outside a static section's own HTML: the edge cannot repeat that section from its memory.
  useUnrepeatable()
  return (
    <>
      <title>{`${title} — ${t('site.name')}`}</title>
      <meta name="description" content={description ?? t('site.description')} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description ?? t('site.description')} />
    </>
  )
}
