import { describe, expect, it } from 'vitest'
import { CONTACT_ERRORS, ContactSchema, readContact } from './contact-form'
import { FIELD_ERRORS, type FieldValues, fieldErrors } from './forms'

const validateContact = (f: FieldValues) => fieldErrors(ContactSchema, f)
const toContactBody = (f: FieldValues) => {
  const read = readContact(f)
  return read.ok ? read.body : null
}

const valid = {
  purpose: 'media',
  name: ' Anna ',
  last_name: 'Berg',
  email: 'anna@example.com',
  phone: '+998 (71) 202-10-00',
  message: 'A question about the textile cluster.',
}

describe('contact form rules', () => {
  it('accepts a complete form and sends digits-only phones and trimmed text', () => {
    expect(validateContact(valid)).toEqual({})
    expect(toContactBody({ ...valid, hash: 'token' })).toMatchObject({
      name: 'Anna',
      phone: '998712021000',
      website: '',
      hash: 'token',
    })
  })

  it('names every missing required field, purpose first', () => {
    const errors = validateContact({})
    expect(Object.keys(errors)).toEqual(['purpose', 'name', 'last_name', 'email', 'phone', 'message'])
    expect(errors.purpose).toBe(CONTACT_ERRORS.purpose)
    expect(errors.name).toBe(FIELD_ERRORS.required)
  })

  it('rejects a malformed e-mail, phone, website and a too short message with their own messages', () => {
    const errors = validateContact({
      ...valid,
      email: 'anna@',
      phone: 'call me',
      website: 'not a site',
      message: 'Hi there',
    })
    expect(errors).toEqual({
      email: FIELD_ERRORS.email,
      phone: CONTACT_ERRORS.phone,
      website: CONTACT_ERRORS.website,
      message: CONTACT_ERRORS.messageLength,
    })
  })

  it('rejects a purpose outside the gateway list and over-long optional text', () => {
    expect(validateContact({ ...valid, purpose: 'spam', company_name: 'x'.repeat(201) })).toEqual({
      purpose: CONTACT_ERRORS.purpose,
      company_name: CONTACT_ERRORS.tooLong,
    })
    expect(toContactBody({ ...valid, purpose: 'spam' })).toBeNull()
  })
})
