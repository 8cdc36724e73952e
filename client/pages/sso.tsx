/**
 * `/sso`: the edge exchanges the OneID code and redirects; this page shows only when that failed (auth-error dialog),
 * saying why when the gateway said (its code comes as the page's form state): OneID unavailable, no company for a
 * businessman, a taxpayer number another account holds; otherwise the spec's "user not found".
 */
import { useCallback, useContext } from 'react'
import { href } from '../../shared/routing/match'
import { InitialFormContext } from '../runtime/form-context'
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
  const code = useContext(InitialFormContext)?.code ?? 'user_not_found'
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
        message={codeMessage(code)}
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
