/**
 * Correcting one's profile (docs/gateway-contract.md#profile-changes) with the registration's rules: a non-resident
 * corrects their names, phone, company and position (a business its legal address); a resident's identity (names,
 * PINFL, and a businessman's company and TIN) is OneID's and refreshed at each sign-in, so only their phone and the
 * fields OneID does not give are theirs to correct. A field the account may not correct is refused by name.
 */
import * as v from 'valibot'
import type { AuthUser } from '../../lib/context'
import { optionalText, PhoneSchema, ResidentPhoneSchema, text, WebsiteSchema } from '../../lib/validate'
import type { EditableColumn } from './queries'

const FIELD_SCHEMAS = {
  name: text(100),
  surname: text(100),
  company_name: text(200),
  position: optionalText(150),
  legal_address: optionalText(300),
  website: WebsiteSchema,
} as const

/** What each kind of account may correct besides the phone. */
const EDITABLE: Record<'investor' | 'businessmen', Record<'resident' | 'nonResident', readonly EditableColumn[]>> = {
  investor: {
    nonResident: ['name', 'surname', 'company_name', 'position', 'website'],
    resident: ['company_name', 'position', 'website'],
  },
  businessmen: {
    nonResident: ['name', 'surname', 'company_name', 'legal_address', 'website'],
    resident: ['legal_address', 'website'],
  },
}

/** The fields `user` may correct, the phone among them. */
function editableColumns(user: Pick<AuthUser, 'role' | 'isResident'>): readonly EditableColumn[] {
  return ['phone', ...EDITABLE[user.role][user.isResident ? 'resident' : 'nonResident']]
}

/**
 * The schema of a correction by `user`: each field it may correct, optional (what is left out keeps its value), the
 * phone by the residency's rule; any other field is refused with its name.
 */
export function profileChangeSchema(user: Pick<AuthUser, 'role' | 'isResident'>) {
  const entries: Record<string, v.GenericSchema> = {}
  for (const column of editableColumns(user)) {
    const schema = column === 'phone' ? (user.isResident ? ResidentPhoneSchema : PhoneSchema) : FIELD_SCHEMAS[column]
    entries[column] = v.optional(schema)
  }
  return v.strictObject(entries) as v.GenericSchema<unknown, Partial<Record<EditableColumn, string>>>
}
