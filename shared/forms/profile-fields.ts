/**
 * Which fields of the profile an account corrects (docs/gateway-contract.md#profile-changes), apart from the form's
 * schema (`profile-forms.ts`) so that the page names its fields without loading the schema library.
 */
/** The kind of account, which decides the fields. */
export type ProfileKind = Readonly<{ role: 'investor' | 'businessmen'; resident: boolean }>

/** The fields each kind of account corrects, in the form's order (the phone first). */
const EDITABLE = {
  investor: {
    nonResident: ['phone', 'name', 'surname', 'company_name', 'position', 'website'],
    resident: ['phone', 'company_name', 'position', 'website'],
  },
  businessmen: {
    nonResident: ['phone', 'name', 'surname', 'company_name', 'legal_address', 'website'],
    resident: ['phone', 'legal_address', 'website'],
  },
} as const

export type ProfileField = (typeof EDITABLE)[keyof typeof EDITABLE][keyof (typeof EDITABLE)['investor']][number]

/** The fields `kind` corrects. */
export function editableFields(kind: ProfileKind): readonly ProfileField[] {
  return EDITABLE[kind.role][kind.resident ? 'resident' : 'nonResident']
}
