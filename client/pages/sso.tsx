/**
 * `/sso`: the edge exchanges the OneID code and redirects; this page shows only when that failed (auth-error dialog).
 */
import { useCallback } from 'react'
import { href } from '../../shared/match'
import { useCodeMessage, useLocale, useT } from '../runtime/i18n'
import { lazyComponent } from '../runtime/lazy-component'
import { useRouter } from '../runtime/router'
import { PageTitle } from '../ui/page-title'

/** The dialog's code is the sign-in page's too, in a chunk of its own that both load. */
const AuthErrorDialog = lazyComponent(() =>
  import('../features/account/auth-error-dialog').then((m) => m.AuthErrorDialog),
)

export function Page() {
  const t = useT()
  const codeMessage = useCodeMessage()
  const locale = useLocale()
  const { navigate } = useRouter()
  const home = href('home', { locale })
  const goHome = useCallback(() => void navigate(home), [navigate, home])
  const title = t('auth.sso.failedTitle')
  return (
    <main id="main" className="auth-blank">
      <PageTitle title={title} />
      <h1 className="visually-hidden">{title}</h1>
      <AuthErrorDialog
        message={codeMessage('user_not_found')}
        onClose={goHome}
        action={
          <a className="btn btn--solid btn--md btn--primary" href={home} autoFocus>
            {t('auth.sso.home')}
          </a>
        }
      />
    </main>
  )
}
