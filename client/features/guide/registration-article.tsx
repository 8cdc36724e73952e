/** The guide text of a registration page (`registration-page.tsx`), kept in the browser as the edge drew it. */

import type { Page } from '../../../contract/gateway/site'
import type { RegistrationKind } from '../../../shared/forms/guide-forms'
import type { Key } from '../../../shared/keys/api-keys'
import { GUIDE_PAGES } from '../../../shared/keys/guide-keys'
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Button } from '../../ui/button'
import { GuideArticleBody } from './guide-article'
import { NextSteps } from './next-steps'

export type RegistrationArticleProps = { kind: RegistrationKind; pageKey: Key<Page> }

export function RegistrationArticle({ kind, pageKey }: RegistrationArticleProps) {
  const t = useT()
  const locale = useLocale()
  const role = kind === 'investor' ? 'investor' : 'businessmen'
  return (
    <GuideArticleBody
      dataKey={pageKey}
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
    />
  )
}
