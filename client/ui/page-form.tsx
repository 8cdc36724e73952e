/**
 * Page forms on the design system's fields (`form-field.tsx`, `error-summary.tsx`): page-action state (field → i18n
 * key, a result code) in, labelled fields named after the form's fields, the error summary and the form-level alert
 * out.
 */
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useMemo,
} from 'react'
import type { FormState } from '../../shared/state/state'
import { useCodeMessage, useT } from '../runtime/i18n'
import { ErrorSummary } from './error-summary'
import { FormField, SelectField, type SelectOption, TextAreaField, TextField } from './form-field'
import { Icon } from './icon'

/** The element id of a form field, used by labels, the error summary's links and `aria-describedby`. */
export function fieldId(name: string, scope = 'field'): string {
  return `${scope}-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`
}

type Common = {
  name: string
  label: ReactNode
  hint?: ReactNode /** i18n key */
  error?: string
  required?: boolean
  scope?: string
  className?: string
}

/** A text-like input of a page form: its id comes from its name, its error is an i18n key. */
export function FormTextField({
  name,
  error,
  scope,
  ...rest
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & { width?: 'short' | 'medium' | 'full' }) {
  const t = useT()
  return <TextField id={fieldId(name, scope)} name={name} error={error ? t(error) : null} {...rest} />
}

/** A text area of a page form (see `FormTextField`). */
export function FormTextAreaField({
  name,
  error,
  scope,
  ...rest
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'>) {
  const t = useT()
  return <TextAreaField id={fieldId(name, scope)} name={name} error={error ? t(error) : null} {...rest} />
}

/** A select of a page form (see `FormTextField`). */
export function FormSelectField({
  name,
  error,
  scope,
  ...rest
}: Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & {
    options: readonly SelectOption[]
    placeholder?: string
  }) {
  const t = useT()
  return <SelectField id={fieldId(name, scope)} name={name} error={error ? t(error) : null} {...rest} />
}

export type OptionGroup = { label: string; options: readonly SelectOption[] }

/** A native select with option groups (e.g. appeal topic → type). */
export function GroupedSelectField({
  name,
  label,
  hint,
  error,
  required,
  scope,
  className,
  groups,
  placeholder,
  ...select
}: Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & {
    groups: readonly OptionGroup[]
    placeholder?: string
  }) {
  const t = useT()
  return (
    <FormField
      id={fieldId(name, scope)}
      name={name}
      label={label}
      hint={hint}
      error={error ? t(error) : null}
      required={required}
      className={className}
    >
      {(control) => (
        <span className="select">
          <select {...select} {...control} className="input input--select">
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {groups.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <Icon name="chevron-down" className="select__chevron" />
        </span>
      )}
    </FormField>
  )
}

type ProblemsProps = {
  state: FormState
  /** Field name → its label, in the order of the form. */
  labels: Readonly<Record<string, string>>
  /** Codes the page shows in its own way (e.g. the auth-error dialog). */
  skipCodes?: readonly string[]
  scope?: string
}

/**
 * What went wrong, at the top of the form: the form-level problem (a gateway code) as an alert, and the error summary
 * with a link per field error.
 */
export function FormProblems({ state, labels, skipCodes = [], scope }: ProblemsProps) {
  const t = useT()
  const codeMessage = useCodeMessage()
  // A new list moves focus to the summary, so it changes only with the form state (a new submit).
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels are rebuilt every render; the state decides.
  const errors = useMemo(() => {
    const names = [
      ...Object.keys(labels).filter((n) => state.errors[n]),
      ...Object.keys(state.errors).filter((n) => !(n in labels)),
    ]
    return names.map((name) => ({
      field: fieldId(name, scope),
      message: labels[name] ? `${labels[name]}: ${t(state.errors[name]!)}` : t(state.errors[name]!),
    }))
  }, [state, scope, t])
  const code =
    state.code && !skipCodes.includes(state.code) && !(state.code === 'validation_error' && errors.length)
      ? state.code
      : null
  return (
    <>
      {code ? (
        <div className="form-alert" role="alert">
          <Icon name="alert" />
          <p>{codeMessage(code)}</p>
        </div>
      ) : null}
      <ErrorSummary errors={errors} />
    </>
  )
}

/** A success or information panel, announced politely. */
export function StatusPanel({
  title,
  children,
  tone = 'success',
}: {
  title?: ReactNode
  children: ReactNode
  tone?: 'success' | 'info' | 'warning'
}) {
  return (
    <div className={`status-panel status-panel--${tone}`} role="status">
      {title ? <p className="status-panel__title">{title}</p> : null}
      <div className="status-panel__body">{children}</div>
    </div>
  )
}
