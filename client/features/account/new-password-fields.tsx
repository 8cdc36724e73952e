/** A new password and its confirmation, as the reset and change-password forms ask for them. */
import type { FormState } from '../../../shared/state/state'
import { FormTextField } from '../../ui/page-form'

export function NewPasswordFields({
  name,
  label,
  hint,
  confirmLabel,
  errors,
}: {
  name: 'password' | 'new_password'
  label: string
  hint: string
  confirmLabel: string
  errors: FormState['errors']
}) {
  return (
    <>
      <FormTextField
        name={name}
        type="password"
        label={label}
        hint={hint}
        autoComplete="new-password"
        minLength={8}
        maxLength={128}
        required
        error={errors[name]}
      />
      <FormTextField
        name="password_confirmation"
        type="password"
        label={confirmLabel}
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
      />
    </>
  )
}
