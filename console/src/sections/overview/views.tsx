/**
 * The overview: who is signed in, what waits in the queues their role reaches, the enquiries' pipeline by status, and
 * the ways to the other screens.
 */
import { ENQUIRY_STATUSES } from '../../../../contract/gateway/enquiry-values'
import type { Locale } from '../../../../contract/locales'
import type { ModerationCounts } from '../../../../contract/operators/moderation'
import type { Me } from '../../../../contract/operators/operators'
import type { Translate } from '../../../../shared/i18n/i18n'
import { paths } from '../../paths'
import { reaches } from '../areas'

type Common = { t: Translate; lang: Locale }

export function Overview({
  t,
  lang,
  operator,
  counts,
  failedMail = null,
}: Common & { operator: Me; counts: ModerationCounts | null; failedMail?: number | null }) {
  const tiles: { label: string; count: number; href: string }[] = counts
    ? [
        { label: t('overview.appeals'), count: counts.appeals.in_moderation, href: paths.appeals(lang) },
        { label: t('overview.projects'), count: counts.projects.pending, href: paths.projects(lang) },
        { label: t('overview.registrations'), count: counts.registrations.pending, href: paths.registrations(lang) },
        { label: t('overview.event'), count: counts.inbox.event, href: paths.inbox(lang, { kind: 'event' }) },
        ...(counts.enquiries
          ? [
              {
                label: t('overview.enquiries'),
                count: counts.enquiries.counts.new,
                href: paths.enquiries(lang, { status: 'new' }),
              },
              {
                label: t('overview.staleEnquiries', { days: counts.enquiries.stale_days }),
                count: counts.enquiries.stale,
                href: paths.enquiries(lang, { stale: 1 }),
              },
            ]
          : []),
      ]
    : []
  // An admin sees the mail the delivery gave up on beside what waits: each is someone who never got their mail.
  if (failedMail !== null) tiles.push({ label: t('overview.failedMail'), count: failedMail, href: paths.mail(lang) })
  return (
    <>
      <p>{t('overview.greeting', { name: operator.name || operator.email, role: t(`roles.${operator.role}`) })}</p>
      {tiles.length ? (
        <>
          <h2>{t('overview.waiting')}</h2>
          <ul className="console-tiles">
            {tiles.map((tile) => (
              <li key={tile.href}>
                <a className="console-tile" href={tile.href}>
                  <span className="console-tile__count">{tile.count}</span>
                  <span>{tile.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {counts?.enquiries ? (
        <>
          <h2 id="pipeline-title">{t('overview.pipeline')}</h2>
          <ul className="console-pipeline" aria-labelledby="pipeline-title">
            {ENQUIRY_STATUSES.map((s) => (
              <li key={s}>
                <a href={paths.enquiries(lang, { status: s })}>
                  {t(`enquiries.status.${s}`)}: <strong>{counts.enquiries?.counts[s] ?? 0}</strong>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {reaches(operator, 'content') ? (
        <>
          <h2>{t('overview.content')}</h2>
          <ul>
            <li>
              <a href={paths.content(lang)}>{t('sections.content')}</a>
            </li>
            <li>
              <a href={paths.siteSettings(lang)}>{t('content.siteSettings.title')}</a>
            </li>
          </ul>
        </>
      ) : null}
      {reaches(operator, 'operators') ? (
        <>
          <h2>{t('overview.admin')}</h2>
          <ul>
            <li>
              <a href={paths.operators(lang)}>{t('sections.operators')}</a>
            </li>
            <li>
              <a href={paths.audit(lang)}>{t('sections.audit')}</a>
            </li>
            <li>
              <a href={paths.mail(lang)}>{t('sections.mail')}</a>
            </li>
          </ul>
        </>
      ) : null}
      {!counts && !reaches(operator, 'operators') && !reaches(operator, 'content') ? (
        <p>{t('overview.nothing')}</p>
      ) : null}
    </>
  )
}
