/**
 * The account's mails (docs/gateway-contract.md#account), in the language of the request that caused them: the link
 * that confirms a new e-mail address, sent to that address, and the notice to the old one once it changed. They go
 * through the outbox and the mail queue as every mail does (docs/decisions/0027-mail-delivery.md).
 */
import type { Locale } from '../../../../contract/locales'
import { type Email, escapeHtml, htmlDocument, linkParagraph } from '../mail/messages'

const CHANGE_TEXT: Record<Locale, { subject: string; intro: string; action: string; outro: string }> = {
  en: {
    subject: 'Confirm your new e-mail address for Invest Portal',
    intro: 'Someone signed in to an Invest Portal account asked to use this address for it.',
    action: 'To confirm, open this link within 24 hours (it works once); the address changes when you confirm:',
    outro: 'If you did not ask for this, ignore this message: nothing changes.',
  },
  ru: {
    subject: 'Подтвердите новый адрес электронной почты для Invest Portal',
    intro: 'Для учётной записи Invest Portal запросили этот адрес электронной почты.',
    action:
      'Чтобы подтвердить, откройте ссылку в течение 24 часов (она действует один раз); адрес изменится после подтверждения:',
    outro: 'Если вы этого не запрашивали, просто проигнорируйте письмо — ничего не изменится.',
  },
  uz: {
    subject: 'Invest Portal uchun yangi elektron pochta manzilingizni tasdiqlang',
    intro: 'Invest Portal hisobi uchun ushbu elektron pochta manzilidan foydalanish soʻraldi.',
    action:
      'Tasdiqlash uchun havolani 24 soat ichida oching (u bir marta ishlaydi); manzil tasdiqlaganingizda oʻzgaradi:',
    outro: 'Agar buni siz soʻramagan boʻlsangiz, xatga eʼtibor bermang — hech narsa oʻzgarmaydi.',
  },
}

/** The link that confirms a new address, to that address. */
export function composeEmailChangeLink(to: string, link: string, lang: Locale): Email {
  const t = CHANGE_TEXT[lang]
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${t.action}\n${link}\n\n${t.outro}\n`,
    html: htmlDocument(lang, t.subject, [escapeHtml(t.intro), linkParagraph(t.action, link), escapeHtml(t.outro)]),
    lang,
    kind: 'email-change',
  }
}

const CHANGED_TEXT: Record<Locale, { subject: string; body: (masked: string) => string }> = {
  en: {
    subject: 'The e-mail address of your Invest Portal account was changed',
    body: (masked) =>
      `The e-mail address of your Invest Portal account was changed to ${masked}; this address no longer signs in to it. If this was not you, contact us at once.`,
  },
  ru: {
    subject: 'Адрес электронной почты вашей учётной записи Invest Portal изменён',
    body: (masked) =>
      `Адрес электронной почты вашей учётной записи Invest Portal изменён на ${masked}; с этим адресом войти в неё больше нельзя. Если это были не вы, немедленно свяжитесь с нами.`,
  },
  uz: {
    subject: 'Invest Portal hisobingizning elektron pochta manzili oʻzgartirildi',
    body: (masked) =>
      `Invest Portal hisobingizning elektron pochta manzili ${masked} ga oʻzgartirildi; bu manzil bilan endi unga kirib boʻlmaydi. Agar bu siz boʻlmasangiz, darhol biz bilan bogʻlaning.`,
  },
}

/** An address as a notice names it: its first character and its domain (`a…@example.com`). */
function maskAddress(email: string): string {
  const at = email.lastIndexOf('@')
  return at > 0 ? `${email[0]}…${email.slice(at)}` : '…'
}

/** The notice to the old address that the account's address changed, naming the new one only masked. */
export function composeEmailChangedNotice(to: string, newEmail: string, lang: Locale): Email {
  const t = CHANGED_TEXT[lang]
  const body = t.body(maskAddress(newEmail))
  return {
    to,
    subject: t.subject,
    text: `${body}\n`,
    html: htmlDocument(lang, t.subject, [escapeHtml(body)]),
    lang,
    kind: 'email-changed',
  }
}
