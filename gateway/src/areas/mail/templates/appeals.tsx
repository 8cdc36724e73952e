/**
 * Mail about appeals (docs/product.md#appeals): received, answered, rejected. To an account each is optional (the
 * profile shows it too); to the author of an anonymous appeal the answer and the rejection are the only way they hear.
 */
import type { Locale } from '../../../../../contract/locales'
import { Action, P, Quote } from './parts'
import type { MailTemplate } from './template'

/** An appeal's number, and its page in the profile when its author has an account (null: an anonymous appeal). */
type AppealRef = { id: number; url: string | null }

const TEXT: Record<
  Locale,
  {
    received: (id: number) => string
    receivedBody: (id: number) => string
    receivedByMail: string
    receivedInProfile: string
    answered: (id: number) => string
    answeredBody: (id: number) => string
    rejected: (id: number) => string
    rejectedBody: (id: number) => string
    noReason: string
    open: string
  }
> = {
  en: {
    received: (id) => `Your appeal No. ${id} has been received`,
    receivedBody: (id) => `Thank you. Your appeal No. ${id} has been registered and passed to moderation.`,
    receivedByMail: 'We will answer by e-mail.',
    receivedInProfile: 'You will find the answer in your profile, and we will tell you when it comes.',
    answered: (id) => `Re: Your appeal No. ${id} has been answered`,
    answeredBody: (id) => `Your appeal No. ${id} has been reviewed. The agency's answer:`,
    rejected: (id) => `Your appeal No. ${id} was not accepted`,
    rejectedBody: (id) => `Your appeal No. ${id} has been reviewed and was not accepted for consideration.`,
    noReason: 'No reason was given. You may send a new appeal with more details.',
    open: 'Open the appeal',
  },
  ru: {
    received: (id) => `Ваше обращение № ${id} принято`,
    receivedBody: (id) => `Спасибо. Ваше обращение № ${id} зарегистрировано и передано на модерацию.`,
    receivedByMail: 'Ответ придёт на электронную почту.',
    receivedInProfile: 'Ответ появится в личном кабинете, и мы сообщим вам о нём.',
    answered: (id) => `Re: На ваше обращение № ${id} дан ответ`,
    answeredBody: (id) => `Ваше обращение № ${id} рассмотрено. Ответ агентства:`,
    rejected: (id) => `Ваше обращение № ${id} не принято`,
    rejectedBody: (id) => `Ваше обращение № ${id} рассмотрено и не принято к рассмотрению по существу.`,
    noReason: 'Причина не указана. Вы можете отправить новое обращение с подробностями.',
    open: 'Открыть обращение',
  },
  uz: {
    received: (id) => `№ ${id} murojaatingiz qabul qilindi`,
    receivedBody: (id) => `Rahmat. № ${id} murojaatingiz ro‘yxatga olindi va moderatsiyaga yuborildi.`,
    receivedByMail: 'Javob elektron pochtangizga keladi.',
    receivedInProfile: 'Javob shaxsiy kabinetingizda paydo boʻladi va bu haqda sizga xabar beramiz.',
    answered: (id) => `Re: № ${id} murojaatingizga javob berildi`,
    answeredBody: (id) => `№ ${id} murojaatingiz koʻrib chiqildi. Agentlik javobi:`,
    rejected: (id) => `№ ${id} murojaatingiz qabul qilinmadi`,
    rejectedBody: (id) => `№ ${id} murojaatingiz koʻrib chiqildi va mazmunan koʻrib chiqish uchun qabul qilinmadi.`,
    noReason: 'Sabab koʻrsatilmagan. Batafsil maʼlumot bilan yangi murojaat yuborishingiz mumkin.',
    open: 'Murojaatni ochish',
  },
}

/** `appeal-receipt`: the appeal is registered and waits for moderation. */
export const appealReceiptMail: MailTemplate<AppealRef> = {
  subject: (p, lang) => TEXT[lang].received(p.id),
  preview: (p, lang) => TEXT[lang].receivedBody(p.id),
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.receivedBody(p.id)}</P>
        <P>{p.url ? t.receivedInProfile : t.receivedByMail}</P>
        {p.url ? <Action href={p.url}>{t.open}</Action> : null}
      </>
    )
  },
}

/** `appeal-reply`: a moderator answered the appeal (or commented on it again); the answer is the mail's content. */
export const appealReplyMail: MailTemplate<AppealRef & { reply: string }> = {
  subject: (p, lang) => TEXT[lang].answered(p.id),
  preview: (p, lang) => TEXT[lang].answeredBody(p.id),
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.answeredBody(p.id)}</P>
        <Quote>{p.reply}</Quote>
        {p.url ? <Action href={p.url}>{t.open}</Action> : null}
      </>
    )
  },
}

/** `appeal-rejected`: a moderator rejected the appeal, with the reason when one was given. */
export const appealRejectedMail: MailTemplate<AppealRef & { reason: string }> = {
  subject: (p, lang) => TEXT[lang].rejected(p.id),
  preview: (p, lang) => TEXT[lang].rejectedBody(p.id),
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.rejectedBody(p.id)}</P>
        {p.reason ? <Quote>{p.reason}</Quote> : <P>{t.noReason}</P>}
        {p.url ? <Action href={p.url}>{t.open}</Action> : null}
      </>
    )
  },
}
