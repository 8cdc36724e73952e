/**
 * `/guide/register-investor` and `/guide/register-business`: the guide text, then the registration form. The text is
 * kept as the edge drew it (`static-section.tsx`); the form below it works without JavaScript (it posts to its page action), and
 * the browser loads its code and hydrates it when it comes near the viewport, so a first view loads neither.
 */
import { Suspense } from 'react'
import type { Country } from '../../../contract/gateway/media'
import type { Page } from '../../../contract/gateway/site'
import type { RegistrationKind } from '../../../shared/forms/guide-forms'
import type { Key } from '../../../shared/keys/api-keys'
import { usePayload } from '../../runtime/data'
import { HydrateLater } from '../../runtime/hydrate-later'
import { useT } from '../../runtime/i18n'
import { lazyComponent } from '../../runtime/lazy-component'
import { staticSection } from '../../runtime/static-section'
import { whenVisible } from '../../runtime/visibility'

const RegistrationArticle = staticSection(() => import('./registration-article').then((m) => m.RegistrationArticle), {
  head: true,
})
const RegistrationForm = lazyComponent(() => import('./registration-form').then((m) => m.RegistrationForm))

/** Drawn in the browser after a client navigation, the page's text and form load with it. */
export const preloadRegistrationPage = () => Promise.all([RegistrationArticle.preload(), RegistrationForm.preload()])

/** `keys`: the page text's key and, for investors, the countries' key, from the page's data plan. */
export function RegistrationPage({
  kind,
  keys,
}: {
  kind: RegistrationKind
  keys: Readonly<{ page: Key<Page>; countries?: Key<Country[]> }>
}) {
  const t = useT()
  const countries = usePayload(keys.countries).data?.content ?? []
  return (
    <main id="main" className="page page--flush guide">
      <RegistrationArticle props={{ kind, pageKey: keys.page }} />
      <section className="section section--tint guide-register" id="registration">
        <div className="container">
          <div className="guide-register__head">
            <h2 id="registration-form-title">{t(`guide.register.${kind}.formTitle`)}</h2>
            <p className="lead">{t(`guide.register.${kind}.formIntro`)}</p>
          </div>
          <div className="panel guide-register__panel">
            <Suspense fallback={null}>
              <HydrateLater id="registration" until={whenVisible}>
                <RegistrationForm kind={kind} countries={countries} />
              </HydrateLater>
            </Suspense>
          </div>
        </div>
      </section>
    </main>
  )
}
