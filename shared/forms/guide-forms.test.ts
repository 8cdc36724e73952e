import { describe, expect, it } from 'vitest'
import { type FieldValues, fieldErrors } from './forms'
import { normalizePhone, type RegistrationKind, registrationSchema, toRegistrationBody } from './guide-forms'

const validateRegistration = (kind: RegistrationKind, f: FieldValues) => fieldErrors(registrationSchema(kind), f)

const base = {
  company_name: 'Silk Road Ventures',
  name: 'Aziza',
  surname: 'Karimova',
  email: 'aziza@example.com',
  source: 'forum',
}

describe('validateRegistration', () => {
  it('asks for the residency and every required field of an empty form', () => {
    expect(validateRegistration('investor', {})).toEqual({
      is_resident: 'guide.form.errors.residency',
      company_name: 'forms.errors.required',
      name: 'forms.errors.required',
      surname: 'forms.errors.required',
      email: 'forms.errors.required',
      phone: 'forms.errors.required',
      source: 'guide.form.errors.source',
    })
  })

  it('offers residents OneID instead of the form: a resident application is refused at the residency', () => {
    const resident = { ...base, is_resident: 'true', phone: '998901234567', pin: '31203199012345', tin: '305123456' }
    expect(validateRegistration('investor', resident)).toEqual({ is_resident: 'auth.register.residentOneId' })
    expect(validateRegistration('business', resident)).toEqual({ is_resident: 'auth.register.residentOneId' })
  })

  it('needs a country from non-resident investors only, and any 7 to 15 digit phone', () => {
    const nonResident = { ...base, is_resident: 'false', phone: '+49 30 1234567' }
    expect(validateRegistration('investor', nonResident)).toEqual({ country_id: 'guide.form.errors.country' })
    expect(validateRegistration('business', nonResident)).toEqual({})
    expect(validateRegistration('business', { ...nonResident, phone: '12345' })).toEqual({
      phone: 'guide.form.errors.phone',
    })
  })

  it('rejects a malformed website and overlong comments', () => {
    const f = { ...base, is_resident: 'false', phone: '4930123456', website: 'not a site', comments: 'x'.repeat(2001) }
    expect(validateRegistration('business', f)).toEqual({
      website: 'guide.form.errors.website',
      comments: 'forms.errors.textLength',
    })
  })
})

describe('toRegistrationBody', () => {
  it('sends digits-only phones and never a PINFL or a TIN, whatever was posted', () => {
    const f = {
      ...base,
      is_resident: 'false',
      phone: '+49 (30) 123-4567',
      pin: '31203199012345',
      tin: '305123456',
      country_id: '12',
      hash: 'h',
    }
    const investor = toRegistrationBody('investor', f)
    expect(investor).toMatchObject({ is_resident: false, phone: '49301234567', country_id: 12, hash: 'h' })
    expect(investor).not.toHaveProperty('pin')
    const business = toRegistrationBody('business', { ...f, is_resident: 'true' })
    expect(business).toMatchObject({ is_resident: false })
    expect(business).not.toHaveProperty('pin')
    expect(business).not.toHaveProperty('tin')
    expect(business).not.toHaveProperty('country_id')
    expect(normalizePhone(' +998 90 123 45 67 ')).toBe('998901234567')
  })
})
