import { describe, expect, it } from 'vitest'
import { type FieldValues, fieldErrors } from '../forms'
import { checkEventFiles, DOCUMENT_MAX_BYTES, documentErrorMessage } from './documents'
import { EVENT_ERRORS } from './fields'
import { EventApplicationSchema, toEventApplicationBody } from './schema'
import { eventErrorField } from './submit'

const validateEventApplication = (f: FieldValues) => fieldErrors(EventApplicationSchema, f)

const complete = {
  role: 'investor',
  last_name: 'Schneider',
  first_name: 'Anna',
  middle_name: '',
  gender: 'female',
  birth_date: '1986-04-12',
  birthplace: 'Leipzig, Germany',
  country_id: '12',
  address: 'Karl-Liebknecht-Strasse 12, Leipzig',
  passport: 'c4f 91234',
  email: 'anna@example.com',
  phone: '+49 (341) 555-0192',
  organization: 'Saxon Solar',
  position: 'Manager',
  activity: '',
}

describe('validateEventApplication', () => {
  it('accepts a complete application with the optional fields empty', () => {
    expect(validateEventApplication(complete)).toEqual({})
  })

  it('asks to fill text fields and to choose an option for choices', () => {
    const errors = validateEventApplication({})
    expect(errors.last_name).toBe('forms.errors.required')
    expect(errors.gender).toBe(EVENT_ERRORS.choose)
    expect(errors.country_id).toBe(EVENT_ERRORS.choose)
    expect(errors.middle_name).toBeUndefined()
    expect(errors.activity).toBeUndefined()
  })

  it('rejects a birth date in the future, an impossible date and one before 1900', () => {
    for (const birth_date of ['2999-01-01', '1990-02-30', '1899-12-31', '12.04.1986']) {
      expect(validateEventApplication({ ...complete, birth_date }).birth_date).toBe(EVENT_ERRORS.birthDate)
    }
  })

  it('checks the passport number, phone digits, e-mail, role and lengths as the gateway does', () => {
    expect(validateEventApplication({ ...complete, passport: 'AB-12' }).passport).toBe(EVENT_ERRORS.passport)
    expect(validateEventApplication({ ...complete, phone: '12345' }).phone).toBe(EVENT_ERRORS.phone)
    expect(validateEventApplication({ ...complete, email: 'anna@' }).email).toBe('forms.errors.email')
    expect(validateEventApplication({ ...complete, role: 'Admin' }).role).toBe('forms.errors.invalid')
    expect(validateEventApplication({ ...complete, position: 'x'.repeat(151) }).position).toBe(EVENT_ERRORS.tooLong)
  })
})

describe('checkEventFiles', () => {
  const pdf = { name: 'scan.PDF', size: 1000, type: 'application/pdf' }
  const photo = { name: 'me.jpeg', size: 1000, type: 'image/jpeg' }

  it('accepts a PDF scan and a JPEG photo', () => {
    expect(checkEventFiles({ passport_scan: pdf, image: photo })).toEqual({})
  })

  it('requires both documents, caps each at 10 MB and refuses other types', () => {
    expect(checkEventFiles({})).toEqual({ passport_scan: EVENT_ERRORS.fileRequired, image: EVENT_ERRORS.fileRequired })
    expect(checkEventFiles({ passport_scan: pdf, image: { ...photo, size: DOCUMENT_MAX_BYTES + 1 } }).image).toBe(
      EVENT_ERRORS.fileTooLarge,
    )
    expect(
      checkEventFiles({ passport_scan: { ...photo, name: 'scan.webp', type: 'image/webp' }, image: photo })
        .passport_scan,
    ).toBe(EVENT_ERRORS.fileType)
    expect(checkEventFiles({ passport_scan: pdf, image: { ...pdf, name: 'me.pdf' } }).image).toBe(EVENT_ERRORS.fileType)
  })
})

describe('the gateway body and its errors', () => {
  it('sends digits-only phones, upper-case passports and numeric ids', () => {
    const body = toEventApplicationBody(complete, '7', 'token')
    expect(body).toMatchObject({
      event_id: 7,
      country_id: 12,
      phone: '493415550192',
      passport: 'C4F91234',
      hash: 'token',
    })
  })

  it('maps the upload field `passport` to the scan field and codes to messages', () => {
    expect(eventErrorField('passport', 'documents')).toBe('passport_scan')
    expect(eventErrorField('passport', 'application')).toBe('passport')
    expect(documentErrorMessage('unsupported_file_type')).toBe(EVENT_ERRORS.fileType)
    expect(documentErrorMessage('file_too_large')).toBe(EVENT_ERRORS.fileTooLarge)
  })
})
