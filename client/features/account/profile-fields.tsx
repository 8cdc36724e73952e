/**
 * Read-only profile data as a description list (docs/gateway-contract.md#profile: the UI reads
 * `profile[profile.role]`).
 */
import type { Profile, ProfileRecord } from '../../../contract/gateway/account'
import { useT } from '../../runtime/i18n'

/** The role's own record (`profile.investor` or `profile.businessmen`), or an empty one. */
export function roleProfile(profile: Profile | null): ProfileRecord {
  if (!profile?.role) return {}
  const own = profile[profile.role]
  return own && typeof own === 'object' ? own : {}
}

/**
 * Text of a profile value: strings and numbers as they are, places by their name (`region.region`, `country.country`).
 */
function profileText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>
    for (const key of ['region', 'country', 'name', 'title']) if (typeof o[key] === 'string') return o[key] as string
  }
  return ''
}

export function ProfileFields({ data, fields }: { data: ProfileRecord; fields: readonly string[] }) {
  const t = useT()
  return (
    <dl className="data-list">
      {fields.map((field) => {
        const text = profileText(data[field])
        const link = field === 'website' && /^https?:\/\//.test(text)
        return (
          <div className="data-list__row" key={field}>
            <dt>{t(`profile.fields.${field}`)}</dt>
            <dd className={text ? undefined : 'data-list__empty'}>
              {link ? (
                <a href={text} rel="noopener noreferrer nofollow" target="_blank">
                  {text}
                </a>
              ) : (
                text || t('profile.empty')
              )}
            </dd>
          </div>
        )
      })}
    </dl>
  )
}
