/**
 * A request's reference on its success screen (docs/decisions/0048-references.md): the number to quote, and where else
 * the person finds it.
 */
import { useT } from '../runtime/i18n'

export function ReferenceNote({ reference }: { reference: string }) {
  const t = useT()
  return (
    <p className="reference-note">
      {t('references.yours')} <strong className="reference-note__value">{reference}</strong>
      <br />
      <span className="muted">{t('references.keep')}</span>
    </p>
  )
}
