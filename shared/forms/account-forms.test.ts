import { describe, expect, it } from 'vitest'
import {
  AppealContactSchema,
  AppealReplySchema,
  AppealResolutionSchema,
  AppealSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
} from './account-forms'
import { checkForm, FIELD_ERRORS, fieldErrors } from './forms'

describe('account forms', () => {
  it('asks for a well-formed e-mail and a password to sign in, and sends the e-mail trimmed and the password as typed', () => {
    expect(fieldErrors(SignInSchema, {})).toEqual({ email: FIELD_ERRORS.required, password: FIELD_ERRORS.required })
    expect(fieldErrors(SignInSchema, { email: 'anna@', password: 'x' })).toEqual({ email: FIELD_ERRORS.email })
    expect(checkForm(SignInSchema, { email: ' anna@example.com ', password: ' secret ' })).toEqual({
      ok: true,
      output: { email: 'anna@example.com', password: ' secret ' },
    })
    expect(fieldErrors(ForgotPasswordSchema, { email: '   ' })).toEqual({ email: FIELD_ERRORS.required })
  })

  it('wants a new password of 8 to 128 characters and a confirmation equal to it, naming both problems at once', () => {
    expect(fieldErrors(ResetPasswordSchema, {})).toEqual({
      password: FIELD_ERRORS.required,
      password_confirmation: FIELD_ERRORS.required,
    })
    expect(fieldErrors(ResetPasswordSchema, { password: 'short', password_confirmation: 'other' })).toEqual({
      password: FIELD_ERRORS.passwordLength,
      password_confirmation: FIELD_ERRORS.passwordMismatch,
    })
    expect(
      fieldErrors(ResetPasswordSchema, { password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }),
    ).toEqual({ password: FIELD_ERRORS.passwordLength })
    expect(fieldErrors(ResetPasswordSchema, { password: 'Longer#2026', password_confirmation: 'Longer#2026' })).toEqual(
      {},
    )
    expect(
      fieldErrors(ChangePasswordSchema, { new_password: 'Longer#2026', password_confirmation: 'Longer#2027' }),
    ).toEqual({
      old_password: FIELD_ERRORS.required,
      password_confirmation: FIELD_ERRORS.passwordMismatch,
    })
  })

  it('reads an appeal: a type with its topic, a region and 10 to 5000 characters of text', () => {
    expect(fieldErrors(AppealSchema, {})).toEqual({
      type: FIELD_ERRORS.required,
      region_id: FIELD_ERRORS.required,
      text: FIELD_ERRORS.required,
    })
    expect(fieldErrors(AppealSchema, { type: '1', region_id: 'x', text: ' too short ' })).toEqual({
      type: FIELD_ERRORS.required,
      region_id: FIELD_ERRORS.required,
      text: FIELD_ERRORS.textLength,
    })
    expect(checkForm(AppealSchema, { type: '3:12', region_id: '7', text: '  How are solar panels taxed?  ' })).toEqual({
      ok: true,
      output: { type: { topic_id: 3, type_id: 12 }, region_id: 7, text: 'How are solar panels taxed?' },
    })
    expect(fieldErrors(AppealContactSchema, { full_name: 'A', email: 'a@b.example' })).toEqual({
      full_name: FIELD_ERRORS.textLength,
    })
    expect(fieldErrors(AppealReplySchema, { response: ' ' })).toEqual({ response: FIELD_ERRORS.required })
  })

  it('accepts an answer as it is and needs a reason of at most 2000 characters to reject it', () => {
    expect(fieldErrors(AppealResolutionSchema, { reason: 'x'.repeat(3000) })).toEqual({
      resolved: FIELD_ERRORS.required,
    })
    expect(fieldErrors(AppealResolutionSchema, { resolved: 'true' })).toEqual({})
    expect(fieldErrors(AppealResolutionSchema, { resolved: 'false', reason: '  ' })).toEqual({
      reason: FIELD_ERRORS.required,
    })
    expect(fieldErrors(AppealResolutionSchema, { resolved: 'false', reason: 'x'.repeat(2001) })).toEqual({
      reason: FIELD_ERRORS.textLength,
    })
    expect(checkForm(AppealResolutionSchema, { resolved: 'false', reason: ' Not answered ' })).toEqual({
      ok: true,
      output: { resolved: 'false', reason: 'Not answered' },
    })
  })
})
