/** Mail about a project an investor or business proposed (docs/product.md#projects): approved, or rejected with why. */
import type { Locale } from '../../../../../contract/locales'
import { Action, P, Quote } from './parts'
import type { MailTemplate } from './template'

/** The project's title in the mail's language and its page in the owner's profile. */
type ProjectRef = { title: string; url: string }

const TEXT: Record<
  Locale,
  {
    approved: (title: string) => string
    approvedBody: (title: string) => string
    approvedNext: string
    rejected: (title: string) => string
    rejectedBody: (title: string) => string
    rejectedNext: string
    open: string
  }
> = {
  en: {
    approved: (title) => `Your project "${title}" has been approved`,
    approvedBody: (title) => `Your project "${title}" has been approved by the moderator and published on the portal.`,
    approvedNext: 'Investors can now find it in the catalogue of investment projects.',
    rejected: (title) => `Your project "${title}" was not approved`,
    rejectedBody: (title) => `The moderator has reviewed your project "${title}" and could not approve it. The reason:`,
    rejectedNext: 'You can correct the project in your profile and send it to moderation again.',
    open: 'Open the project',
  },
  ru: {
    approved: (title) => `Ваш проект «${title}» одобрен`,
    approvedBody: (title) => `Ваш проект «${title}» одобрен модератором и опубликован на портале.`,
    approvedNext: 'Теперь инвесторы найдут его в каталоге инвестиционных проектов.',
    rejected: (title) => `Ваш проект «${title}» не одобрен`,
    rejectedBody: (title) => `Модератор рассмотрел ваш проект «${title}» и не смог его одобрить. Причина:`,
    rejectedNext: 'Вы можете исправить проект в личном кабинете и снова отправить его на модерацию.',
    open: 'Открыть проект',
  },
  uz: {
    approved: (title) => `“${title}” loyihangiz tasdiqlandi`,
    approvedBody: (title) => `“${title}” loyihangiz moderator tomonidan tasdiqlandi va portalda eʼlon qilindi.`,
    approvedNext: 'Endi investorlar uni investitsiya loyihalari katalogida topadi.',
    rejected: (title) => `“${title}” loyihangiz tasdiqlanmadi`,
    rejectedBody: (title) => `Moderator “${title}” loyihangizni koʻrib chiqdi va uni tasdiqlay olmadi. Sababi:`,
    rejectedNext: 'Loyihani shaxsiy kabinetingizda tuzatib, qayta moderatsiyaga yuborishingiz mumkin.',
    open: 'Loyihani ochish',
  },
}

/** `project-approved`. */
export const projectApprovedMail: MailTemplate<ProjectRef> = {
  subject: (p, lang) => TEXT[lang].approved(p.title),
  preview: (p, lang) => TEXT[lang].approvedBody(p.title),
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.approvedBody(p.title)}</P>
        <P>{t.approvedNext}</P>
        <Action href={p.url}>{t.open}</Action>
      </>
    )
  },
}

/** `project-rejected`: with the moderator's reason. */
export const projectRejectedMail: MailTemplate<ProjectRef & { reason: string }> = {
  subject: (p, lang) => TEXT[lang].rejected(p.title),
  preview: (p, lang) => TEXT[lang].rejectedBody(p.title),
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.rejectedBody(p.title)}</P>
        {p.reason ? <Quote>{p.reason}</Quote> : null}
        <P>{t.rejectedNext}</P>
        <Action href={p.url}>{t.open}</Action>
      </>
    )
  },
}
