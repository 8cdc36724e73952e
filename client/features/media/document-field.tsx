/**
 * A document upload field of the event application: accepted types, the size limit and optional guidance under the
 * label.
 */
import type { ReactNode } from 'react'
import { FormTextField } from '../../ui/page-form'

export function DocumentField({
  name,
  label,
  hint,
  accept,
  error,
  children,
}: {
  name: string
  label: string
  hint: string
  accept: string
  /** i18n key */
  error?: string
  /** Guidance shown under the field (e.g. photo requirements). */
  children?: ReactNode
}) {
  return (
    <div className="document-field">
      <FormTextField name={name} type="file" accept={accept} label={label} hint={hint} required error={error} />
      {children}
    </div>
  )
}
