import { describe, expect, it } from 'vitest'
import type { Profile } from '../../contract/gateway/account'
import { checkGuards, type SessionView } from './guards'
import { ROUTE_BY_ID } from './routes'

const resident: Profile = { email: 'r@demo.example', role: 'investor', is_resident: true }
const nonResident: Profile = { email: 'n@demo.example', role: 'investor', is_resident: false }

const visitor: SessionView = { hasToken: false, profile: null }
const tokenOnly: SessionView = { hasToken: true, profile: null }
const asResident: SessionView = { hasToken: true, profile: resident }
const asNonResident: SessionView = { hasToken: true, profile: nonResident }

const meta = (id: keyof typeof ROUTE_BY_ID) => ROUTE_BY_ID[id].meta

describe('checkGuards (docs/product.md#guards)', () => {
  it('lets anyone through a public page', () => {
    for (const session of [visitor, tokenOnly, asResident, asNonResident])
      expect(checkGuards(meta('home'), session)).toBeNull()
  })

  it('answers 403 Forbidden on a protected page without a token', () => {
    for (const id of [
      'profile',
      'profile-company',
      'profile-appeals',
      'profile-my-projects',
      'profile-project-form',
      'profile-enquiries',
    ] as const) {
      expect(checkGuards(meta(id), visitor)).toMatchObject({ statusCode: 403, code: 'forbidden' })
    }
  })

  it('lets a token holder through a protected page', () => {
    for (const session of [tokenOnly, asResident, asNonResident])
      expect(checkGuards(meta('profile'), session)).toBeNull()
  })

  it('answers 401 on my-services and password without a profile, before the token rule', () => {
    for (const id of ['profile-my-services', 'profile-password'] as const) {
      expect(checkGuards(meta(id), visitor)).toMatchObject({ statusCode: 401, code: 'unauthorized' })
      expect(checkGuards(meta(id), tokenOnly)).toMatchObject({ statusCode: 401, code: 'unauthorized' })
    }
  })

  it('answers 403 on my-services for a non-resident and lets a resident through', () => {
    expect(checkGuards(meta('profile-my-services'), asNonResident)).toMatchObject({
      statusCode: 403,
      code: 'forbidden',
    })
    expect(checkGuards(meta('profile-my-services'), asResident)).toBeNull()
  })

  it('answers 403 on password for a resident and lets a non-resident through', () => {
    expect(checkGuards(meta('profile-password'), asResident)).toMatchObject({ statusCode: 403, code: 'forbidden' })
    expect(checkGuards(meta('profile-password'), asNonResident)).toBeNull()
  })

  it('applies the residency rules from meta alone, whatever the route', () => {
    expect(checkGuards({ residentOnly: true }, visitor)).toMatchObject({ statusCode: 401 })
    expect(checkGuards({ nonResidentOnly: true }, asResident)).toMatchObject({ statusCode: 403 })
    expect(checkGuards({ protected: true }, visitor)).toMatchObject({ statusCode: 403 })
  })
})
