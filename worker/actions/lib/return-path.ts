/** Where a sign-in sends the browser afterwards: the validated return path, or the profile. */
import type { Locale } from '../../../contract/locales'
import { href } from '../../../shared/routing/match'
import { safeReturnPath } from '../../../shared/routing/safe-path'

/** The page after a successful sign-in: the safe return path, or the profile. */
export function afterSignIn(value: string | undefined | null, locale: Locale): string {
  return safeReturnPath(value) ?? href('profile', { locale })
}
