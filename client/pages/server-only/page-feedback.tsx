/**
 * `/feedback`: where "Was this page useful?" lands without JavaScript (docs/product.md#page-feedback): thanks, and the
 * way back to the page the answer was about. A failed answer shows why, with the same way back.
 */

import { useContext } from 'react'
import { safeReturnPath } from '../../../shared/routing/safe-path'
import { SitePageHead } from '../../features/site/site-page-head'
import { InitialFormContext } from '../../runtime/form-context'
import { useT } from '../../runtime/i18n'
import { Link, useRoute } from '../../runtime/router'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const route = useRoute('page-feedback')
  const form = useContext(InitialFormContext)
  const back = safeReturnPath(route.query.return ?? form?.values.page)
  const failed = form?.code
  const title = t(failed ? 'feedback.failedTitle' : 'feedback.thanksTitle')
  return (
    <main id="main" className="container page site-page">
      <SitePageHead />
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead" role={failed ? 'alert' : undefined}>
        {failed ? t(`feedback.failed.${failed === 'too_many_attempts' ? 'tooMany' : 'other'}`) : t('feedback.thanks')}
      </p>
      {back && (
        <p>
          <Link to={back}>{t('feedback.back')}</Link>
        </p>
      )}
    </main>
  )
}
