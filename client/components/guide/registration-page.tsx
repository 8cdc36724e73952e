/** `/guide/register-investor` and `/guide/register-business`: the guide text, then the registration form. */
import type { RegistrationKind } from '../../../shared/guide-forms'
import { GUIDE_PAGES } from '../../../shared/guide-keys'
import { href } from '../../../shared/match'
import { usePayload } from '../../data'
import { useLocale, useT } from '../../i18n'
import { Button } from '../button'
import { GuideArticle } from './guide-article'
import { NextSteps } from './next-steps'
import { RegistrationForm } from './registration-form'
import type { Named } from './types'

/** `keys`: the page text's key and, for investors, the countries' key, from the page's data plan. */
export function RegistrationPage({ kind, keys }: { kind: RegistrationKind; keys: Readonly<{ page: string; countries?: string }> }) {
  const t = useT()
  const locale = useLocale()
  const countries = usePayload<Named[]>(keys.countries).data?.content ?? []
  const role = kind === 'investor' ? 'investor' : 'businessmen'
  return (
    <GuideArticle
      dataKey={keys.page}
      seed={kind === 'investor' ? GUIDE_PAGES.registerInvestor : GUIDE_PAGES.registerBusiness}
      lead={t(`guide.register.${kind}.lead`)}
      actions={<Button href="#registration" label={t('guide.register.toForm')} iconName="arrow-right" afterIcon />}
      aside={
        <NextSteps
          title={t('guide.register.haveAccount')}
          intro={t('guide.register.haveAccountText')}
          links={[
            { to: href('sign-in', { locale, query: { role } }), label: t('guide.register.signIn'), icon: 'user' },
            { to: href('contact-us', { locale }), label: t('guide.register.ask'), icon: 'message' },
          ]}
        />
      }
    >
      <section className="section section--tint guide-register" id="registration">
        <div className="container">
          <div className="guide-register__head">
            <h2 id="registration-form-title">{t(`guide.register.${kind}.formTitle`)}</h2>
            <p className="lead">{t(`guide.register.${kind}.formIntro`)}</p>
          </div>
          <div className="panel guide-register__panel">
            <RegistrationForm kind={kind} countries={countries} />
          </div>
        </div>
      </section>
    </GuideArticle>
  )
}
