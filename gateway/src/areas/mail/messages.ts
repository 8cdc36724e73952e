/**
 * The mails the gateway sends, in the recipient's language, plain text and HTML saying the same: password links,
 * registration decisions, appeal receipts and replies. `outbox.ts` records and queues them.
 */
import type { Locale } from '../../../../contract/locales'

/**
 * What a mail is, as the outbox records it: the operators' mail screen names it, and a resend knows from it whether
 * the mail carries a password link to renew (docs/operations.md#mail).
 */
const MAIL_KINDS = [
  'reset',
  'set-password',
  'welcome-resident',
  'registration-rejected',
  'duplicate-registration',
  'password-changed',
  'appeal-receipt',
  'appeal-reply',
  'email-change',
  'email-changed',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]

/** The kinds whose mail carries a single-use password link: never shown whole, renewed on a resend. */
export const LINK_MAIL_KINDS: readonly MailKind[] = ['reset', 'set-password']

/**
 * The kinds whose mail carries a secret link of any kind: a password link, or the link that confirms a new e-mail
 * address (docs/gateway-contract.md#account), which is not renewed (the person asks again).
 */
export const SECRET_LINK_MAIL_KINDS: readonly MailKind[] = [...LINK_MAIL_KINDS, 'email-change']

/**
 * One message to send: `text` and `html` say the same, `lang` is the language they are written in, `linkUuid` names
 * the password link a `reset` or `set-password` mail carries.
 */
export type Email = {
  to: string
  subject: string
  text: string
  html: string
  lang: Locale
  kind: MailKind
  linkUuid?: string
}

/** The password link's id (`uuid`) in a link `issuePasswordLink` made. */
function linkUuidOf(link: string): string | undefined {
  return URL.canParse(link) ? (new URL(link).searchParams.get('uuid') ?? undefined) : undefined
}

/** A message's HTML: a whole document in its language, its paragraphs as given (already escaped). */
export function htmlDocument(lang: Locale, subject: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('')
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font:16px/1.5 system-ui,sans-serif;color:#1a2330">${body}</body></html>`
}

/** A link paragraph's HTML: the text, then the link on its own line. */
export function linkParagraph(text: string, link: string): string {
  return `${escapeHtml(text)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
}

/** Text made safe for a message's HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

const RESET_TEXT: Record<Locale, { subject: string; intro: string; action: string; outro: string }> = {
  en: {
    subject: 'Reset your Invest Portal password',
    intro: 'We received a request to reset the password of your Invest Portal account.',
    action: 'Open this link within one hour to choose a new password (it works once):',
    outro: 'If you did not ask for this, ignore this message; your password stays unchanged.',
  },
  ru: {
    subject: 'Сброс пароля на Invest Portal',
    intro: 'Мы получили запрос на сброс пароля вашей учётной записи Invest Portal.',
    action: 'Откройте эту ссылку в течение часа, чтобы задать новый пароль (она действует один раз):',
    outro: 'Если вы не запрашивали сброс, просто проигнорируйте письмо — пароль останется прежним.',
  },
  uz: {
    subject: 'Invest Portal parolini tiklash',
    intro: 'Invest Portal hisobingiz parolini tiklash uchun so‘rov oldik.',
    action: 'Yangi parol o‘rnatish uchun ushbu havolani bir soat ichida oching (u bir marta ishlaydi):',
    outro: 'Agar bu so‘rovni siz yubormagan bo‘lsangiz, xatga e’tibor bermang — parolingiz o‘zgarmaydi.',
  },
}

/** The password-reset message in the requester's language. */
export function composeResetEmail(to: string, link: string, lang: Locale): Email {
  const t = RESET_TEXT[lang]
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${t.action}\n${link}\n\n${t.outro}\n`,
    html: htmlDocument(lang, t.subject, [escapeHtml(t.intro), linkParagraph(t.action, link), escapeHtml(t.outro)]),
    lang,
    kind: 'reset',
    linkUuid: linkUuidOf(link),
  }
}

const APPEAL_TEXT: Record<Locale, { subject: (id: number) => string; body: (id: number) => string }> = {
  en: {
    subject: (id) => `Your appeal No. ${id} has been received`,
    body: (id) =>
      `Thank you. Your appeal No. ${id} has been registered and passed to moderation. We will answer by email.`,
  },
  ru: {
    subject: (id) => `Ваше обращение № ${id} принято`,
    body: (id) =>
      `Спасибо. Ваше обращение № ${id} зарегистрировано и передано на модерацию. Ответ придёт на электронную почту.`,
  },
  uz: {
    subject: (id) => `№ ${id} murojaatingiz qabul qilindi`,
    body: (id) =>
      `Rahmat. № ${id} murojaatingiz ro‘yxatga olindi va moderatsiyaga yuborildi. Javob elektron pochtangizga keladi.`,
  },
}

/** The receipt sent to the author of an anonymous appeal. */
export function composeAppealReceipt(to: string, appealId: number, lang: Locale): Email {
  const t = APPEAL_TEXT[lang]
  const body = t.body(appealId)
  const subject = t.subject(appealId)
  const html = htmlDocument(lang, subject, [escapeHtml(body)])
  return { to, subject, text: `${body}\n`, html, lang, kind: 'appeal-receipt' }
}

/** A moderator's reply to an anonymous appeal, sent to its author in the language the appeal was written in. */
export function composeAppealReply(to: string, appealId: number, reply: string, lang: Locale): Email {
  const subject = `Re: ${APPEAL_TEXT[lang].subject(appealId)}`
  const html = htmlDocument(lang, subject, [escapeHtml(reply)])
  return { to, subject, text: `${reply}\n`, html, lang, kind: 'appeal-reply' }
}

const CHANGED_TEXT: Record<Locale, { subject: string; body: string }> = {
  en: {
    subject: 'Your Invest Portal password was changed',
    body: 'The password of your Invest Portal account was just changed and your other sessions were signed out. If this was not you, reset your password at once and contact us.',
  },
  ru: {
    subject: 'Пароль на Invest Portal изменён',
    body: 'Пароль вашей учётной записи Invest Portal только что изменён, остальные сеансы завершены. Если это были не вы, немедленно сбросьте пароль и свяжитесь с нами.',
  },
  uz: {
    subject: 'Invest Portal parolingiz o‘zgartirildi',
    body: 'Invest Portal hisobingiz paroli hozirgina o‘zgartirildi, boshqa seanslar yakunlandi. Agar bu siz bo‘lmasangiz, darhol parolni tiklang va biz bilan bog‘laning.',
  },
}

/** The notice sent after a password change or reset (ASVS V6.3.7: users learn of credential changes). */
export function composePasswordChangedEmail(to: string, lang: Locale): Email {
  const t = CHANGED_TEXT[lang]
  return {
    to,
    subject: t.subject,
    text: `${t.body}\n`,
    html: htmlDocument(lang, t.subject, [escapeHtml(t.body)]),
    lang,
    kind: 'password-changed',
  }
}

/** The registration's role, as the applicant's mail names it. */
type RegistrationRole = 'investor' | 'businessmen'

const WELCOME_TEXT: Record<
  Locale,
  { subject: string; intro: Record<RegistrationRole, string>; action: string; outro: string }
> = {
  en: {
    subject: 'Your Invest Portal account is ready: set your password',
    intro: {
      investor:
        'Your registration as an investor on the Invest Portal has been approved and your account has been created.',
      businessmen:
        'Your registration as a business on the Invest Portal has been approved and your account has been created.',
    },
    action:
      'Open this link within 72 hours to set your password (it works once); then sign in with your e-mail and that password:',
    outro: 'If the link has expired, use "Forgot your password?" on the sign-in page to get a new one.',
  },
  ru: {
    subject: 'Ваша учётная запись на Invest Portal готова: задайте пароль',
    intro: {
      investor: 'Ваша заявка на регистрацию инвестора на Invest Portal одобрена, учётная запись создана.',
      businessmen: 'Ваша заявка на регистрацию предпринимателя на Invest Portal одобрена, учётная запись создана.',
    },
    action:
      'Откройте эту ссылку в течение 72 часов, чтобы задать пароль (она действует один раз); затем входите с вашим e-mail и этим паролем:',
    outro: 'Если срок ссылки истёк, воспользуйтесь «Забыли пароль?» на странице входа, чтобы получить новую.',
  },
  uz: {
    subject: 'Invest Portal hisobingiz tayyor: parol oʻrnating',
    intro: {
      investor: 'Invest Portalda investor sifatida roʻyxatdan oʻtish arizangiz tasdiqlandi va hisobingiz yaratildi.',
      businessmen:
        'Invest Portalda tadbirkor sifatida roʻyxatdan oʻtish arizangiz tasdiqlandi va hisobingiz yaratildi.',
    },
    action:
      'Parol oʻrnatish uchun ushbu havolani 72 soat ichida oching (u bir marta ishlaydi); soʻng e-pochtangiz va shu parol bilan kiring:',
    outro:
      'Agar havola muddati tugagan boʻlsa, yangisini olish uchun kirish sahifasidagi “Parolni unutdingizmi?” dan foydalaning.',
  },
}

/** The approval of a non-resident's registration: the account exists, and this link sets its first password. */
export function composeWelcomeEmail(to: string, role: RegistrationRole, link: string, lang: Locale): Email {
  const t = WELCOME_TEXT[lang]
  const intro = t.intro[role]
  return {
    to,
    subject: t.subject,
    text: `${intro}\n\n${t.action}\n${link}\n\n${t.outro}\n`,
    html: htmlDocument(lang, t.subject, [escapeHtml(intro), linkParagraph(t.action, link), escapeHtml(t.outro)]),
    lang,
    kind: 'set-password',
    linkUuid: linkUuidOf(link),
  }
}

const RESIDENT_WELCOME_TEXT: Record<
  Locale,
  { subject: string; intro: Record<RegistrationRole, string>; action: string }
> = {
  en: {
    subject: 'Your Invest Portal registration has been approved',
    intro: {
      investor:
        'Your registration as an investor on the Invest Portal has been approved. As a resident of Uzbekistan, your account is opened by OneID, the national single sign-on, the first time you sign in with it.',
      businessmen:
        'Your registration as a business on the Invest Portal has been approved. As a resident of Uzbekistan, your account is opened by OneID, the national single sign-on, the first time you sign in with it; your company is the one OneID lists for you.',
    },
    action: 'Sign in with OneID:',
  },
  ru: {
    subject: 'Ваша заявка на регистрацию на Invest Portal одобрена',
    intro: {
      investor:
        'Ваша заявка на регистрацию инвестора на Invest Portal одобрена. Для резидентов Узбекистана учётную запись открывает OneID, национальная система единого входа, при первом входе через неё.',
      businessmen:
        'Ваша заявка на регистрацию предпринимателя на Invest Portal одобрена. Для резидентов Узбекистана учётную запись открывает OneID, национальная система единого входа, при первом входе через неё; компанией будет та, что указана для вас в OneID.',
    },
    action: 'Войдите через OneID:',
  },
  uz: {
    subject: 'Invest Portalda roʻyxatdan oʻtish arizangiz tasdiqlandi',
    intro: {
      investor:
        'Invest Portalda investor sifatida roʻyxatdan oʻtish arizangiz tasdiqlandi. Oʻzbekiston rezidentlari uchun hisobni milliy yagona kirish tizimi OneID orqali birinchi marta kirganingizda OneID ochadi.',
      businessmen:
        'Invest Portalda tadbirkor sifatida roʻyxatdan oʻtish arizangiz tasdiqlandi. Oʻzbekiston rezidentlari uchun hisobni milliy yagona kirish tizimi OneID orqali birinchi marta kirganingizda OneID ochadi; kompaniyangiz OneIDda siz uchun koʻrsatilgan kompaniya boʻladi.',
    },
    action: 'OneID orqali kiring:',
  },
}

/**
 * The approval of a resident's application from before residents signed up through OneID: no account is made from it
 * (docs/decisions/0049-identity-from-oneid.md); OneID opens one at the first sign-in, at `link`.
 */
export function composeResidentWelcomeEmail(to: string, role: RegistrationRole, link: string, lang: Locale): Email {
  const t = RESIDENT_WELCOME_TEXT[lang]
  const intro = t.intro[role]
  return {
    to,
    subject: t.subject,
    text: `${intro}\n\n${t.action}\n${link}\n`,
    html: htmlDocument(lang, t.subject, [escapeHtml(intro), linkParagraph(t.action, link)]),
    lang,
    kind: 'welcome-resident',
  }
}

const REJECTED_TEXT: Record<Locale, { subject: string; intro: string; reason: string; outro: string }> = {
  en: {
    subject: 'Your Invest Portal registration was not approved',
    intro: 'We have reviewed your registration application on the Invest Portal and could not approve it.',
    reason: 'Reason:',
    outro: 'You may send a new application with corrected details, or write to us through the contact form.',
  },
  ru: {
    subject: 'Ваша регистрация на Invest Portal не одобрена',
    intro: 'Мы рассмотрели вашу заявку на регистрацию на Invest Portal и не можем её одобрить.',
    reason: 'Причина:',
    outro: 'Вы можете отправить новую заявку с исправленными данными или написать нам через форму обратной связи.',
  },
  uz: {
    subject: 'Invest Portalda roʻyxatdan oʻtishingiz tasdiqlanmadi',
    intro: 'Invest Portalda roʻyxatdan oʻtish arizangizni koʻrib chiqdik va uni tasdiqlay olmadik.',
    reason: 'Sababi:',
    outro: 'Maʼlumotlarni tuzatib, yangi ariza yuborishingiz yoki aloqa shakli orqali bizga yozishingiz mumkin.',
  },
}

/** The rejection of a registration, with the moderator's reason. */
export function composeRegistrationRejectedEmail(to: string, reason: string, lang: Locale): Email {
  const t = REJECTED_TEXT[lang]
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${t.reason} ${reason}\n\n${t.outro}\n`,
    html: htmlDocument(lang, t.subject, [
      escapeHtml(t.intro),
      `${escapeHtml(t.reason)} ${escapeHtml(reason)}`,
      escapeHtml(t.outro),
    ]),
    lang,
    kind: 'registration-rejected',
  }
}

/** Why a registration for an address was not taken: the address has an account, or an application already waits. */
export type DuplicateRegistration = 'account' | 'pending'

const DUPLICATE_TEXT: Record<
  Locale,
  { subject: string; intro: string; reason: Record<DuplicateRegistration, string>; outro: string }
> = {
  en: {
    subject: 'A registration on Invest Portal with your e-mail address',
    intro: 'Someone, perhaps you, has just asked to register on the Invest Portal with this e-mail address.',
    reason: {
      account:
        'This address already has an account, so no new application was made. To get in, sign in or reset your password:',
      pending:
        'An application with this address is already waiting for a decision, so no second one was made. We will write to you once it is decided. To sign in later:',
    },
    outro: 'If it was not you, you can ignore this message: nothing has changed.',
  },
  ru: {
    subject: 'Регистрация на Invest Portal с вашим адресом электронной почты',
    intro:
      'Кто-то, возможно вы, только что попытался зарегистрироваться на Invest Portal с этим адресом электронной почты.',
    reason: {
      account:
        'С этим адресом уже есть учётная запись, поэтому новая заявка не создана. Чтобы войти, откройте страницу входа или сбросьте пароль:',
      pending:
        'Заявка с этим адресом уже ждёт решения, поэтому вторая не создана. Мы напишем вам, когда решение будет принято. Страница входа:',
    },
    outro: 'Если это были не вы, просто проигнорируйте письмо: ничего не изменилось.',
  },
  uz: {
    subject: 'Elektron pochtangiz bilan Invest Portalda roʻyxatdan oʻtish',
    intro:
      'Kimdir, ehtimol siz, hozirgina ushbu elektron pochta manzili bilan Invest Portalda roʻyxatdan oʻtmoqchi boʻldi.',
    reason: {
      account:
        'Bu manzil bilan hisob allaqachon mavjud, shuning uchun yangi ariza yaratilmadi. Kirish yoki parolni tiklash uchun:',
      pending:
        'Bu manzil bilan ariza allaqachon qaror kutmoqda, shuning uchun ikkinchisi yaratilmadi. Qaror qabul qilinganda sizga yozamiz. Kirish sahifasi:',
    },
    outro: 'Agar bu siz boʻlmasangiz, xatga eʼtibor bermang: hech narsa oʻzgarmadi.',
  },
}

/**
 * The mail to an address someone tried to register again (docs/security.md#account-enumeration): the form answers the
 * same as for a new application, and only the owner of the address learns why nothing new was made.
 */
export function composeDuplicateRegistrationEmail(
  to: string,
  why: DuplicateRegistration,
  signIn: string,
  lang: Locale,
): Email {
  const t = DUPLICATE_TEXT[lang]
  const reason = t.reason[why]
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${reason}\n${signIn}\n\n${t.outro}\n`,
    html: htmlDocument(lang, t.subject, [escapeHtml(t.intro), linkParagraph(reason, signIn), escapeHtml(t.outro)]),
    lang,
    kind: 'duplicate-registration',
  }
}
