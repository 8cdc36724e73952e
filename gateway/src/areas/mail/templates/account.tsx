/**
 * The account's mails: password links, registration decisions, the notice of a repeated registration, a changed
 * password, a sign-in from a new browser, and a change of e-mail address (the link to the new address, the notice to
 * the old one; docs/gateway-contract.md#account). Each needs no choice to be sent (docs/product.md#mail).
 */
import type { Locale } from '../../../../../contract/locales'
import { formatTashkentTime } from './frame'
import { Action, Facts, P, Quote } from './parts'
import type { MailTemplate } from './template'

/** The registration's role, as the applicant's mail names it. */
export type RegistrationRole = 'investor' | 'businessmen'

const RESET: Record<Locale, { subject: string; intro: string; action: string; button: string; outro: string }> = {
  en: {
    subject: 'Reset your Invest Portal password',
    intro: 'We received a request to reset the password of your Invest Portal account.',
    action: 'Open this link within one hour to choose a new password (it works once):',
    button: 'Choose a new password',
    outro: 'If you did not ask for this, ignore this message; your password stays unchanged.',
  },
  ru: {
    subject: 'Сброс пароля на Invest Portal',
    intro: 'Мы получили запрос на сброс пароля вашей учётной записи Invest Portal.',
    action: 'Откройте эту ссылку в течение часа, чтобы задать новый пароль (она действует один раз):',
    button: 'Задать новый пароль',
    outro: 'Если вы не запрашивали сброс, просто проигнорируйте письмо — пароль останется прежним.',
  },
  uz: {
    subject: 'Invest Portal parolini tiklash',
    intro: 'Invest Portal hisobingiz parolini tiklash uchun so‘rov oldik.',
    action: 'Yangi parol o‘rnatish uchun ushbu havolani bir soat ichida oching (u bir marta ishlaydi):',
    button: 'Yangi parol o‘rnatish',
    outro: 'Agar bu so‘rovni siz yubormagan bo‘lsangiz, xatga e’tibor bermang — parolingiz o‘zgarmaydi.',
  },
}

/** `reset`: a single-use link that chooses a new password. */
export const resetMail: MailTemplate<{ link: string }> = {
  subject: (_, lang) => RESET[lang].subject,
  preview: (_, lang) => RESET[lang].intro,
  Body: ({ p, frame }) => {
    const t = RESET[frame.lang]
    return (
      <>
        <P>{t.intro}</P>
        <P>{t.action}</P>
        <Action href={p.link}>{t.button}</Action>
        <P>{t.outro}</P>
      </>
    )
  },
}

const WELCOME: Record<
  Locale,
  { subject: string; intro: Record<RegistrationRole, string>; action: string; button: string; outro: string }
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
    button: 'Set your password',
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
    button: 'Задать пароль',
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
    button: 'Parol oʻrnatish',
    outro:
      'Agar havola muddati tugagan boʻlsa, yangisini olish uchun kirish sahifasidagi “Parolni unutdingizmi?” dan foydalaning.',
  },
}

/** `set-password`: a non-resident's registration was approved; the link sets the first password. */
export const setPasswordMail: MailTemplate<{ role: RegistrationRole; link: string }> = {
  subject: (_, lang) => WELCOME[lang].subject,
  preview: (p, lang) => WELCOME[lang].intro[p.role],
  Body: ({ p, frame }) => {
    const t = WELCOME[frame.lang]
    return (
      <>
        <P>{t.intro[p.role]}</P>
        <P>{t.action}</P>
        <Action href={p.link}>{t.button}</Action>
        <P>{t.outro}</P>
      </>
    )
  },
}

const RESIDENT_WELCOME: Record<
  Locale,
  { subject: string; intro: Record<RegistrationRole, string>; action: string; button: string }
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
    button: 'Sign in with OneID',
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
    button: 'Войти через OneID',
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
    button: 'OneID orqali kirish',
  },
}

/**
 * `welcome-resident`: the approval of a resident's application from before residents signed up through OneID: no
 * account is made from it (docs/decisions/0049-identity-from-oneid.md); OneID opens one at the first sign-in, at `link`.
 */
export const residentWelcomeMail: MailTemplate<{ role: RegistrationRole; link: string }> = {
  subject: (_, lang) => RESIDENT_WELCOME[lang].subject,
  preview: (p, lang) => RESIDENT_WELCOME[lang].intro[p.role],
  Body: ({ p, frame }) => {
    const t = RESIDENT_WELCOME[frame.lang]
    return (
      <>
        <P>{t.intro[p.role]}</P>
        <P>{t.action}</P>
        <Action href={p.link}>{t.button}</Action>
      </>
    )
  },
}

const REJECTED: Record<Locale, { subject: string; intro: string; reason: string; outro: string }> = {
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

/** `registration-rejected`: the moderator's reason. */
export const registrationRejectedMail: MailTemplate<{ reason: string }> = {
  subject: (_, lang) => REJECTED[lang].subject,
  preview: (_, lang) => REJECTED[lang].intro,
  Body: ({ p, frame }) => {
    const t = REJECTED[frame.lang]
    return (
      <>
        <P>{t.intro}</P>
        <P>{t.reason}</P>
        <Quote>{p.reason}</Quote>
        <P>{t.outro}</P>
      </>
    )
  },
}

/** Why a registration for an address was not taken: the address has an account, or an application already waits. */
export type DuplicateRegistration = 'account' | 'pending'

const DUPLICATE: Record<
  Locale,
  { subject: string; intro: string; reason: Record<DuplicateRegistration, string>; button: string; outro: string }
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
    button: 'Sign in',
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
    button: 'Войти',
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
    button: 'Kirish',
    outro: 'Agar bu siz boʻlmasangiz, xatga eʼtibor bermang: hech narsa oʻzgarmadi.',
  },
}

/**
 * `duplicate-registration`: someone tried to register this address again (docs/security.md#account-enumeration); the
 * form answered as for a new application, and only the address's owner learns why nothing new was made.
 */
export const duplicateRegistrationMail: MailTemplate<{ why: DuplicateRegistration; signIn: string }> = {
  subject: (_, lang) => DUPLICATE[lang].subject,
  preview: (_, lang) => DUPLICATE[lang].intro,
  Body: ({ p, frame }) => {
    const t = DUPLICATE[frame.lang]
    return (
      <>
        <P>{t.intro}</P>
        <P>{t.reason[p.why]}</P>
        <Action href={p.signIn}>{t.button}</Action>
        <P>{t.outro}</P>
      </>
    )
  },
}

const CHANGED: Record<Locale, { subject: string; body: string; button: string }> = {
  en: {
    subject: 'Your Invest Portal password was changed',
    body: 'The password of your Invest Portal account was just changed and your other sessions were signed out. If this was not you, reset your password at once and contact us.',
    button: 'Reset the password',
  },
  ru: {
    subject: 'Пароль на Invest Portal изменён',
    body: 'Пароль вашей учётной записи Invest Portal только что изменён, остальные сеансы завершены. Если это были не вы, немедленно сбросьте пароль и свяжитесь с нами.',
    button: 'Сбросить пароль',
  },
  uz: {
    subject: 'Invest Portal parolingiz o‘zgartirildi',
    body: 'Invest Portal hisobingiz paroli hozirgina o‘zgartirildi, boshqa seanslar yakunlandi. Agar bu siz bo‘lmasangiz, darhol parolni tiklang va biz bilan bog‘laning.',
    button: 'Parolni tiklash',
  },
}

/**
 * `password-changed`: after a change or reset (ASVS V6.3.7: users learn of credential changes), with the way to take
 * the account back.
 */
export const passwordChangedMail: MailTemplate<{ resetUrl: string }> = {
  subject: (_, lang) => CHANGED[lang].subject,
  preview: (_, lang) => CHANGED[lang].body,
  Body: ({ p, frame }) => {
    const t = CHANGED[frame.lang]
    return (
      <>
        <P>{t.body}</P>
        <Action href={p.resetUrl}>{t.button}</Action>
      </>
    )
  },
}

/** What "this was not me" leads to: a password reset, the sessions page, or (a resident without one) the agency. */
export type NotMe = 'reset' | 'sessions'

const NEW_SIGN_IN: Record<
  Locale,
  {
    subject: string
    intro: string
    when: string
    how: string
    methods: Record<'password' | 'oneid', string>
    fine: string
    notMe: Record<NotMe, string>
    button: Record<NotMe, string>
  }
> = {
  en: {
    subject: 'A new sign-in to your Invest Portal account',
    intro: 'Your Invest Portal account was just signed in to from a browser that had never signed in to it before.',
    when: 'When (Tashkent time)',
    how: 'How',
    methods: { password: 'E-mail and password', oneid: 'OneID' },
    fine: 'If it was you, there is nothing to do.',
    notMe: {
      reset: 'If it was not you, choose a new password now: that signs the other browser out.',
      sessions: 'If it was not you, sign that browser out on your sessions page.',
    },
    button: { reset: 'This was not me: reset my password', sessions: 'This was not me' },
  },
  ru: {
    subject: 'Новый вход в вашу учётную запись Invest Portal',
    intro: 'В вашу учётную запись Invest Portal только что вошли из браузера, из которого в неё раньше не входили.',
    when: 'Когда (по ташкентскому времени)',
    how: 'Как',
    methods: { password: 'E-mail и пароль', oneid: 'OneID' },
    fine: 'Если это были вы, ничего делать не нужно.',
    notMe: {
      reset: 'Если это были не вы, сразу задайте новый пароль: другой браузер будет отключён.',
      sessions: 'Если это были не вы, завершите сеанс этого браузера на странице сеансов.',
    },
    button: { reset: 'Это был не я: сбросить пароль', sessions: 'Это был не я' },
  },
  uz: {
    subject: 'Invest Portal hisobingizga yangi kirish',
    intro: 'Invest Portal hisobingizga hozirgina avval unga kirilmagan brauzerdan kirildi.',
    when: 'Qachon (Toshkent vaqti)',
    how: 'Qanday',
    methods: { password: 'E-pochta va parol', oneid: 'OneID' },
    fine: 'Agar bu siz boʻlsangiz, hech narsa qilish shart emas.',
    notMe: {
      reset: 'Agar bu siz boʻlmasangiz, darhol yangi parol oʻrnating: boshqa brauzer hisobdan chiqariladi.',
      sessions: 'Agar bu siz boʻlmasangiz, seanslar sahifasida ushbu brauzer seansini yakunlang.',
    },
    button: { reset: 'Bu men emasdim: parolni tiklash', sessions: 'Bu men emasdim' },
  },
}

/** `new-sign-in`: a security notice; "this was not me" leads to `notMeUrl`. */
export const newSignInMail: MailTemplate<{ at: Date; method: 'password' | 'oneid'; notMe: NotMe; notMeUrl: string }> = {
  subject: (_, lang) => NEW_SIGN_IN[lang].subject,
  preview: (_, lang) => NEW_SIGN_IN[lang].intro,
  Body: ({ p, frame }) => {
    const t = NEW_SIGN_IN[frame.lang]
    return (
      <>
        <P>{t.intro}</P>
        <Facts
          items={[
            [t.when, formatTashkentTime(p.at)],
            [t.how, t.methods[p.method]],
          ]}
        />
        <P>{t.fine}</P>
        <P>{t.notMe[p.notMe]}</P>
        <Action href={p.notMeUrl}>{t.button[p.notMe]}</Action>
      </>
    )
  },
}

const EMAIL_CHANGE: Record<Locale, { subject: string; intro: string; action: string; button: string; outro: string }> =
  {
    en: {
      subject: 'Confirm your new e-mail address for Invest Portal',
      intro: 'Someone signed in to an Invest Portal account asked to use this address for it.',
      action: 'To confirm, open this link within 24 hours (it works once); the address changes when you confirm:',
      button: 'Confirm this address',
      outro: 'If you did not ask for this, ignore this message: nothing changes.',
    },
    ru: {
      subject: 'Подтвердите новый адрес электронной почты для Invest Portal',
      intro: 'Для учётной записи Invest Portal запросили этот адрес электронной почты.',
      action:
        'Чтобы подтвердить, откройте ссылку в течение 24 часов (она действует один раз); адрес изменится после подтверждения:',
      button: 'Подтвердить адрес',
      outro: 'Если вы этого не запрашивали, просто проигнорируйте письмо — ничего не изменится.',
    },
    uz: {
      subject: 'Invest Portal uchun yangi elektron pochta manzilingizni tasdiqlang',
      intro: 'Invest Portal hisobi uchun ushbu elektron pochta manzilidan foydalanish soʻraldi.',
      action:
        'Tasdiqlash uchun havolani 24 soat ichida oching (u bir marta ishlaydi); manzil tasdiqlaganingizda oʻzgaradi:',
      button: 'Manzilni tasdiqlash',
      outro: 'Agar buni siz soʻramagan boʻlsangiz, xatga eʼtibor bermang — hech narsa oʻzgarmaydi.',
    },
  }

/** `email-change`: to the new address, the single-use link that confirms it (the change happens when it is opened). */
export const emailChangeMail: MailTemplate<{ link: string }> = {
  subject: (_, lang) => EMAIL_CHANGE[lang].subject,
  preview: (_, lang) => EMAIL_CHANGE[lang].intro,
  Body: ({ p, frame }) => {
    const t = EMAIL_CHANGE[frame.lang]
    return (
      <>
        <P>{t.intro}</P>
        <P>{t.action}</P>
        <Action href={p.link}>{t.button}</Action>
        <P>{t.outro}</P>
      </>
    )
  },
}

const EMAIL_CHANGED: Record<Locale, { subject: string; body: (masked: string) => string }> = {
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

/** `email-changed`: to the old address, the notice that the account's address changed, naming the new one masked. */
export const emailChangedMail: MailTemplate<{ newEmail: string }> = {
  subject: (_, lang) => EMAIL_CHANGED[lang].subject,
  preview: (p, lang) => EMAIL_CHANGED[lang].body(maskAddress(p.newEmail)),
  Body: ({ p, frame }) => <P>{EMAIL_CHANGED[frame.lang].body(maskAddress(p.newEmail))}</P>,
}
