/**
 * The interest form of a project (docs/product.md#enquiries): one schema checked in the browser and by the page
 * action. A signed-in enquirer's contact details are the account's; a visitor gives a name and an e-mail address.
 */
import * as v from 'valibot'
import { ENQUIRY_LIMITS, ENQUIRY_TIMEFRAMES } from '../../contract/gateway/enquiry-values'
import { checkForm, email, FIELD_ERRORS, type FieldValues, optionalText, requiredText } from './forms'

/** i18n keys of the form's own messages; the rest are the shared `forms.errors.*`. */
export const ENQUIRY_ERRORS = Object.freeze({
  timeframe: 'enquiries.errors.timeframe',
  messageLength: 'enquiries.errors.messageLength',
  phone: 'enquiries.errors.phone',
  tooLong: 'enquiries.errors.tooLong',
})

const choice = v.pipe(v.string(), v.trim(), v.regex(/^(\d{1,10})?$/, FIELD_ERRORS.invalid))

const interestFields = {
  amount_id: choice,
  timeframe: v.picklist(ENQUIRY_TIMEFRAMES, ENQUIRY_ERRORS.timeframe),
  country_id: choice,
  message: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FIELD_ERRORS.required),
    v.minLength(ENQUIRY_LIMITS.messageMin, ENQUIRY_ERRORS.messageLength),
    v.maxLength(ENQUIRY_LIMITS.message, ENQUIRY_ERRORS.messageLength),
  ),
}

/** What a signed-in enquirer sends: the account gives the rest. */
const SignedInInterestSchema = v.object(interestFields)

/** What a visitor sends, in the page's order of fields (the error summary's). */
const VisitorInterestSchema = v.object({
  name: requiredText(ENQUIRY_LIMITS.name, ENQUIRY_ERRORS.tooLong),
  email: email(),
  phone: v.pipe(
    v.string(),
    v.trim(),
    v.transform((value) => value.replace(/[\s()+.-]/g, '')),
    v.regex(/^(\d{7,15})?$/, ENQUIRY_ERRORS.phone),
  ),
  company_name: optionalText(ENQUIRY_LIMITS.company, ENQUIRY_ERRORS.tooLong),
  ...interestFields,
})

/** The schema of the form as this person fills it in. */
export const interestSchemaFor = (signedIn: boolean) => (signedIn ? SignedInInterestSchema : VisitorInterestSchema)

/** The gateway body of a valid form for `projectId`, or the field errors; `hash` is the bot-protection token. */
export function readInterest(f: FieldValues, projectId: number, signedIn: boolean) {
  const checked = checkForm(interestSchemaFor(signedIn), f)
  if (!checked.ok) return checked
  return { ok: true as const, body: { ...checked.output, project_id: projectId, hash: f.hash ?? '' } }
}
