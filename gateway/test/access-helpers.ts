/**
 * Access tokens for operator tests, signed by the stand-in issuer at the network boundary (test/access-stand-in.ts).
 */
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The stand-in Access issuer (test/access-stand-in.ts). */
    accessIssuer: { origin: string }
  }
}

/** The audience tag of the operators' Access application in these tests. */
export const ACCESS_AUD = 'invest-portal-operators-test-aud'

/** The gateway's Access settings pointing at the stand-in issuer. */
export function accessEnv(): Record<string, unknown> {
  return { ACCESS_TEAM_DOMAIN: inject('accessIssuer').origin, ACCESS_AUD }
}

/**
 * An Access application token: `claims` over the defaults (the stand-in as issuer, this audience, valid for an hour);
 * `key: 'rogue'` signs with a key the issuer does not publish.
 */
export async function accessAssertion(
  claims: Record<string, unknown>,
  options: { key?: 'rogue' } = {},
): Promise<string> {
  const res = await fetch(`${inject('accessIssuer').origin}/__sign`, {
    method: 'POST',
    body: JSON.stringify({ claims: { aud: [ACCESS_AUD], ...claims }, key: options.key }),
  })
  if (!res.ok) throw new Error(`access stand-in: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}

/**
 * Makes each e-mail an operator of its role in `db` (again if they were removed) and answers an Access token for
 * each, by e-mail.
 */
export async function signInOperators(
  db: D1Database,
  operators: readonly (readonly [email: string, role: 'moderator' | 'editor' | 'admin'])[],
): Promise<Record<string, string>> {
  const now = new Date().toISOString()
  const tokens: Record<string, string> = {}
  for (const [email, role] of operators) {
    await db
      .prepare(
        `INSERT INTO operators (email, name, role, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET role = excluded.role, removed_at = NULL`,
      )
      .bind(email, role, role, now)
      .run()
    tokens[email] = await accessAssertion({ email })
  }
  return tokens
}
