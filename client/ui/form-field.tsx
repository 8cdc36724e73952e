/**
 * Form fields (docs/design.md#forms): label above, hint under the label, the error next to the field with
 * `aria-invalid` and `aria-describedby`, and required fields marked in words. Never disable submit to validate.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { useT } from '../runtime/i18n'
import { Icon } from './icon'

/** What a control needs to be wired to its label, hint and error. */
export type ControlProps = {
  id: string
  name: string
  required?: boolean
  'aria-invalid'?: true
  'aria-describedby'?: string
}

export type FieldBase = {
  /** The control's id; also its `name` unless `name` is given, and the target of the error summary's link. */
  id: string
  name?: string
  label: ReactNode
  hint?: ReactNode
  /** The message shown when invalid; empty means valid. */
  error?: string | null
  required?: boolean
  className?: string
}

const hintId = (id: string) => `${id}-hint`
const errorId = (id: string) => `${id}-error`

/** Label, hint and error around any control, which gets its wiring from the render function. */
/** A field's error, announced with its prefix and tied to the control by `aria-describedby`. */
function FieldError({ id, error }: { id: string; error?: string | null }) {
  const t = useT()
  if (!error) return null
  return (
    <p className="field__error" id={errorId(id)}>
      <Icon name="alert" />
      <span className="visually-hidden">{t('form.errorPrefix')} </span>
      {error}
    </p>
  )
}

/** The hint and then the error under a field's label. */
function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint && (
        <div className="field__hint" id={hintId(id)}>
          {hint}
        </div>
      )}
      <FieldError id={id} error={error} />
    </>
  )
}

export function FormField({
  id,
  name,
  label,
  hint,
  error,
  required,
  className,
  children,
}: FieldBase & { children: (control: ControlProps) => ReactNode }) {
  const t = useT()
  const describedBy = [hint && hintId(id), error && errorId(id)].filter(Boolean).join(' ') || undefined
  return (
    <div className={['field', error && 'field--error', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <span className="field__required"> ({t('form.required')})</span>}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      {children({
        id,
        name: name ?? id,
        required: required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
    </div>
  )
}

type Without<T> = Omit<T, 'id' | 'name' | 'required' | 'className'>

/** A text-like input (`type` text, email, tel, password, number, date, url, search, file). */
export function TextField({
  id,
  name,
  label,
  hint,
  error,
  required,
  className,
  width,
  ...input
}: FieldBase &
  Without<InputHTMLAttributes<HTMLInputElement>> & {
    /** Size the box to the expected answer: `short` (codes, years), `medium`, or `full` (default). */
    width?: 'short' | 'medium' | 'full'
  }) {
  return (
    <FormField id={id} name={name} label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => <input {...input} {...control} className={`input input--${width ?? 'full'}`} />}
    </FormField>
  )
}

export function TextAreaField({
  id,
  name,
  label,
  hint,
  error,
  required,
  className,
  rows = 5,
  ...textarea
}: FieldBase & Without<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FormField id={id} name={name} label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => <textarea {...textarea} {...control} rows={rows} className="input input--textarea" />}
    </FormField>
  )
}

export type SelectOption = { value: string; label: string }

/** A native select; `placeholder` adds an empty first option ("Choose…"). */
export function SelectField({
  id,
  name,
  label,
  hint,
  error,
  required,
  className,
  options,
  placeholder,
  ...select
}: FieldBase &
  Without<SelectHTMLAttributes<HTMLSelectElement>> & {
    options: readonly SelectOption[]
    placeholder?: string
  }) {
  return (
    <FormField id={id} name={name} label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <span className="select">
          <select {...select} {...control} className="input input--select">
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <Icon name="chevron-down" className="select__chevron" />
        </span>
      )}
    </FormField>
  )
}

/** A group of radio buttons in a fieldset whose legend is the question; `id` is the first option's id. */
export function RadioGroup({
  id,
  name,
  label,
  hint,
  error,
  required,
  className,
  options,
  value,
  defaultValue,
  onChange,
  inline = false,
}: FieldBase & {
  options: readonly SelectOption[]
  value?: string
  defaultValue?: string
  onChange?: (value: string) => void
  inline?: boolean
}) {
  const t = useT()
  const describedBy = [hint && hintId(id), error && errorId(id)].filter(Boolean).join(' ') || undefined
  return (
    <fieldset
      className={['field', 'fieldset', error && 'field--error', className].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
    >
      <legend className="field__label">
        {label}
        {required && <span className="field__required"> ({t('form.required')})</span>}
      </legend>
      <FieldMessages id={id} hint={hint} error={error} />
      <div className={inline ? 'radios radios--inline' : 'radios'}>
        {options.map((o, i) => {
          const optionId = i === 0 ? id : `${id}-${i}`
          return (
            <div key={o.value} className="check">
              <input
                type="radio"
                id={optionId}
                name={name ?? id}
                value={o.value}
                className="check__input check__input--radio"
                required={required}
                aria-invalid={error ? true : undefined}
                {...(value !== undefined
                  ? { checked: value === o.value, onChange: () => onChange?.(o.value) }
                  : { defaultChecked: defaultValue === o.value, onChange: () => onChange?.(o.value) })}
              />
              <label htmlFor={optionId} className="check__label">
                {o.label}
              </label>
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}
