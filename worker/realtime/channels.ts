/**
 * Channel names at the edge (docs/decisions/0018-realtime-hub.md). A user's channel is named from the signed-in profile
 * (role and the role record's id, hashed), never from anything the browser sends, so nobody can name another's.
 */
import type { Profile } from '../../contract/gateway/account'

export type UserRef = { role: 'investor' | 'businessmen'; id: string | number }

/** The channel of one user, as upstreams address it (`{ role, id }`) and as the edge derives it from a profile. */
export async function userChannel(user: UserRef): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${user.role}:${user.id}`))
  return `user:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** The signed-in user's own channel, or null when the profile names no role record id to derive it from. */
export function userOfProfile(profile: Profile): UserRef | null {
  const role = profile.role
  if (role !== 'investor' && role !== 'businessmen') return null
  const record = profile[role]
  const id = record?.id
  if (typeof id === 'number' || (typeof id === 'string' && id !== '')) return { role, id }
  return null
}
