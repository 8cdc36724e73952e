/** A new password and its confirmation, as the reset and change-password forms ask for them. */
import type { FormState } from '../../shared/state'
import { TextField } from './account-form'

export function NewPasswordFields({ name, label, hint, confirmLabel, errors }: {
  name: 'password' | 'new_password'
  label: string
  hint: string
  confirmLabel: string
  errors: FormState['errors']
}) {
  return (
    <>
      <TextField name={name} type="password" label={label} hint={hint} autoComplete="new-password" minLength={8} maxLength={128} required error={errors[name]} />
      <TextField
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
