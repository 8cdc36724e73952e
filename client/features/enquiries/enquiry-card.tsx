/**
 * An enquiry as its enquirer sees it (docs/product.md#enquiries): the project (a contact request has none, and shows
 * its message instead), the reference, where it stands in the agency's pipeline and the agency's replies. Drawn by
 * the page of the receipt's signed link and by "My enquiries".
 */
import type { Enquiry } from '../../../contract/gateway/enquiries'
import { ENQUIRY_STATUSES } from '../../../contract/gateway/enquiry-values'
import { href } from '../../../shared/routing/match'
import { useFormat } from '../../lib/format'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'

/** `headingLevel`: the card's title is an `h2` on its own page, an `h3` in a list under a heading. */
export function EnquiryCard({ enquiry, headingLevel = 2 }: { enquiry: Enquiry; headingLevel?: 2 | 3 }) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const titleId = `enquiry-${enquiry.id}`
  const status = enquiry.outcome
    ? `${t(`enquiries.status.${enquiry.status}`)}: ${t(`enquiries.outcome.${enquiry.outcome}`)}`
    : t(`enquiries.status.${enquiry.status}`)
  const reached = ENQUIRY_STATUSES.indexOf(enquiry.status)
  return (
    <article className="panel enquiry-card" aria-labelledby={titleId}>
      <Heading id={titleId}>
        {enquiry.project ? (
          <Link to={href('project', { locale, params: { id: String(enquiry.project.id) } })}>
            {enquiry.project.title}
          </Link>
        ) : (
          t('enquiries.contactTitle')
        )}
      </Heading>
      <dl className="enquiry-card__facts">
        <div>
          <dt>{t('enquiries.reference')}</dt>
          <dd>{enquiry.reference}</dd>
        </div>
        <div>
          <dt>{t('enquiries.state')}</dt>
          <dd data-enquiry-status={enquiry.status}>{status}</dd>
        </div>
        <div>
          <dt>{t('enquiries.sentOn')}</dt>
          <dd>{f.date(enquiry.created_at)}</dd>
        </div>
      </dl>
      <ol className="enquiry-card__steps" aria-label={t('enquiries.steps')}>
        {ENQUIRY_STATUSES.map((s, i) => (
          <li key={s} aria-current={i === reached ? 'step' : undefined} data-done={i <= reached ? '' : undefined}>
            {t(`enquiries.status.${s}`)}
          </li>
        ))}
      </ol>
      {enquiry.project ? null : (
        <>
          <Heading className="enquiry-card__replies-title">{t('enquiries.yourMessage')}</Heading>
          <p className="enquiry-card__reply">{enquiry.message}</p>
        </>
      )}
      <Heading className="enquiry-card__replies-title">{t('enquiries.replies')}</Heading>
      {enquiry.replies.length === 0 ? (
        <p className="muted">{t('enquiries.noReplies')}</p>
      ) : (
        <ol className="enquiry-card__replies">
          {enquiry.replies.map((r) => (
            <li key={r.id}>
              <p className="muted">{f.date(r.created_at)}</p>
              <p className="enquiry-card__reply">{r.body}</p>
            </li>
          ))}
        </ol>
      )}
    </article>
  )
}
