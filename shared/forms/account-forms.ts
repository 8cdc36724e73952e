/**
 * The account forms (docs/product.md#account-forms) and the appeals (docs/product.md#appeals): one valibot schema each,
 * checked in the browser before sending and by the page action.
 */
import * as v from 'valibot'
import { crossCheck, email, FIELD_ERRORS, requiredText } from './forms'

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128
export const APPEAL_TEXT_MIN = 10
export const APPEAL_TEXT_MAX = 5000
export const REASON_MAX = 2000

const ID = /^\d{1,10}$/

/** Required, not trimmed: a password is sent as typed. */
const given = () => v.pipe(v.string(), v.nonEmpty(FIELD_ERRORS.required))
const newPassword = () =>
  v.pipe(
    v.string(),
    v.nonEmpty(FIELD_ERRORS.required),
    v.minLength(MIN_PASSWORD_LENGTH, FIELD_ERRORS.passwordLength),
    v.maxLength(MAX_PASSWORD_LENGTH, FIELD_ERRORS.passwordLength),
  )
/** A given confirmation must equal a given password (an empty one is reported as required). */
const confirms = (password: string, confirmation: string) => !password || !confirmation || confirmation === password

export const SignInSchema = v.object({ email: email(), password: given() })
export type SignIn = v.InferOutput<typeof SignInSchema>

/** A new address for the account, confirmed by a link mailed to it (docs/gateway-contract.md#e-mail-change). */
export const ChangeEmailSchema = v.object({ email: email() })

/** Deleting the account: its password (none for a resident, who sends a stand-in) and the box ticked. */
export const DeleteAccountSchema = v.object({
  password: given(),
  confirm: v.pipe(v.string(), v.literal('yes', FIELD_ERRORS.required)),
})

/** The answer is the same whether or not the account exists (docs/product.md#account-forms). */
export const ForgotPasswordSchema = v.object({ email: email() })
export type ForgotPassword = v.InferOutput<typeof ForgotPasswordSchema>

export const ResetPasswordSchema = v.pipe(
  v.object({ password: newPassword(), password_confirmation: given() }),
  crossCheck([
    'password_confirmation',
    (f) => confirms(f('password'), f('password_confirmation')),
    FIELD_ERRORS.passwordMismatch,
  ]),
)
export type ResetPassword = v.InferOutput<typeof ResetPasswordSchema>

export const ChangePasswordSchema = v.pipe(
  v.object({ old_password: given(), new_password: newPassword(), password_confirmation: given() }),
  crossCheck([
    'password_confirmation',
    (f) => confirms(f('new_password'), f('password_confirmation')),
    FIELD_ERRORS.passwordMismatch,
  ]),
)
export type ChangePassword = v.InferOutput<typeof ChangePasswordSchema>

/** The appeal form's one select carries both ids as `{topic}:{type}` (topic → type grouped select). */
export function joinAppealType(topicId: number | string, typeId: number | string): string {
  return `${topicId}:${typeId}`
}

const APPEAL_TYPE = /^(\d{1,10}):(\d{1,10})$/

/** `{topic}:{type}` (checked by `AppealSchema`) → the two ids the gateway takes. */
function appealTypeIds(value: string): { topic_id: number; type_id: number } {
  const [topic, type] = value.split(':')
  return { topic_id: Number(topic), type_id: Number(type) }
}

/** The anonymous appeal's first step: a name of 2 to 150 characters and an e-mail. */
export const AppealContactSchema = v.object({
  full_name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FIELD_ERRORS.required),
    v.minLength(2, FIELD_ERRORS.textLength),
    v.maxLength(150, FIELD_ERRORS.textLength),
  ),
  email: email(),
})

/** An appeal: a type (with its topic) and a region chosen, a text of 10 to 5000 characters. */
export const AppealSchema = v.object({
  /** Read as the two ids it carries. */
  type: v.pipe(v.string(), v.regex(APPEAL_TYPE, FIELD_ERRORS.required), v.transform(appealTypeIds)),
  region_id: v.pipe(v.string(), v.regex(ID, FIELD_ERRORS.required), v.transform(Number)),
  text: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FIELD_ERRORS.required),
    v.minLength(APPEAL_TEXT_MIN, FIELD_ERRORS.textLength),
    v.maxLength(APPEAL_TEXT_MAX, FIELD_ERRORS.textLength),
  ),
})

export const AppealReplySchema = v.object({ response: requiredText(APPEAL_TEXT_MAX) })

/** Accepting the answer needs nothing more; rejecting it needs a reason. */
export const AppealResolutionSchema = v.pipe(
  v.object({ resolved: v.picklist(['true', 'false'], FIELD_ERRORS.required), reason: v.pipe(v.string(), v.trim()) }),
  crossCheck(
    ['reason', (f) => f('resolved') !== 'false' || f('reason') !== '', FIELD_ERRORS.required],
    [
      'reason',
      (f) => !['true', 'false'].includes(f('resolved')) || f('reason').length <= REASON_MAX,
      FIELD_ERRORS.textLength,
    ],
  ),
)
