/**
 * "Was this page useful?" under a content page (docs/product.md#page-feedback): a plain form that posts to `/feedback`
 * and works without JavaScript, so the layout draws it as a static section and no first view carries its code. It
 * asks for a yes or a no and an optional comment, and says not to write personal data. Which pages ask is decided here,
 * in this chunk, rather than by the layout: the list then travels only with a drawing of the form.
 */
import { FEEDBACK_COMMENT_MAX } from '../../../shared/constants'
import { asksFeedback } from '../../../shared/routing/feedback-routes'
import { href } from '../../../shared/routing/match'
import type { RouteId } from '../../../shared/routing/routes'
import { useLocale, useT } from '../../runtime/i18n'

/** The control for the page `page` (its path) of route `id`; nothing on a page that does not ask. */
export function PageFeedbackForm({ id, page }: { id: RouteId; page: string }) {
  const t = useT()
  const locale = useLocale()
  if (!asksFeedback(id)) return null
  return (
    <section className="page-feedback" aria-labelledby="page-feedback-title">
      <div className="container">
        <form method="post" action={href('page-feedback', { locale })} className="page-feedback__form">
          <input type="hidden" name="page" value={page} />
          <h2 id="page-feedback-title" className="page-feedback__title">
            {t('feedback.question')}
          </h2>
          <div className="page-feedback__comment">
            <label htmlFor="page-feedback-comment">{t('feedback.comment')}</label>
            <p id="page-feedback-hint" className="muted">
              {t('feedback.commentHint')}
            </p>
            <textarea
              id="page-feedback-comment"
              name="comment"
              rows={2}
              maxLength={FEEDBACK_COMMENT_MAX}
              aria-describedby="page-feedback-hint"
              className="input"
            />
          </div>
          <div className="page-feedback__answers">
            <button type="submit" name="useful" value="yes" className="btn btn--outline btn--sm btn--primary">
              {t('feedback.yes')}
            </button>
            <button type="submit" name="useful" value="no" className="btn btn--outline btn--sm btn--primary">
              {t('feedback.no')}
            </button>
          </div>
        </form>
      </div>
    </section>
  )
}
