/**
 * Mail about an application to attend an event (docs/product.md#event-application): received, with its reference and the event's
 * calendar file; confirmed, with the badge details the registration page promises; declined.
 */
import type { Locale } from '../../../../../contract/locales'
import { formatTashkentDay } from './frame'
import { A, Action, Facts, P, Quote } from './parts'
import type { MailTemplate } from './template'

/** The event as the mail names it, in the mail's language. */
export type EventFacts = {
  name: string
  /** When it starts and ends (instants). */
  start: string
  end: string
  /** The start, `HH:MM` in Tashkent, or '' when the agency gave none. */
  time: string
  location: string
  /** The event's page on the portal. */
  url: string
  /** Its calendar file (docs/gateway-contract.md#calendar). */
  calendarUrl: string
}

/** What the badge says: the name, the role, the organisation and position as the applicant gave them. */
export type Badge = { name: string; role: string; organization: string; position: string }

const ROLES: Record<Locale, Record<string, string>> = {
  en: {
    participant: 'Participant',
    investor: 'Investor',
    speaker: 'Speaker',
    media: 'Media',
    partner: 'Partner or exhibitor',
  },
  ru: {
    participant: 'Участник',
    investor: 'Инвестор',
    speaker: 'Спикер',
    media: 'СМИ',
    partner: 'Партнёр или экспонент',
  },
  uz: {
    participant: 'Ishtirokchi',
    investor: 'Investor',
    speaker: 'Maʼruzachi',
    media: 'OAV',
    partner: 'Hamkor yoki koʻrgazma ishtirokchisi',
  },
}

const TEXT: Record<
  Locale,
  {
    reference: string
    event: string
    dates: string
    start: (time: string) => string
    venue: string
    received: (name: string) => string
    receivedBody: string
    receivedNext: string
    calendar: string
    attached: string
    confirmed: (name: string) => string
    confirmedBody: string
    badge: string
    badgeName: string
    badgeRole: string
    badgeOrganization: string
    badgePosition: string
    badgeNumber: string
    bring: string
    declined: (name: string) => string
    declinedBody: string
    declinedNext: string
    open: string
  }
> = {
  en: {
    reference: 'Reference',
    event: 'Event',
    dates: 'Dates',
    start: (time) => `${time}, Tashkent time`,
    venue: 'Venue',
    received: (name) => `Your application for "${name}" has been received`,
    receivedBody: 'Thank you. We have received your application to attend the event.',
    receivedNext:
      'We check applications within three working days and then send you a confirmation with your badge details. Quote the reference above if you write to us.',
    calendar: 'Add the event to your calendar',
    attached: 'The calendar file is also attached to this message.',
    confirmed: (name) => `You are confirmed for "${name}"`,
    confirmedBody: 'Your application has been confirmed. We look forward to seeing you.',
    badge: 'Your badge',
    badgeName: 'Name',
    badgeRole: 'Attending as',
    badgeOrganization: 'Organisation',
    badgePosition: 'Position',
    badgeNumber: 'Badge number',
    bring:
      'Collect your badge at the registration desk: bring the passport you named in the application and quote your badge number.',
    declined: (name) => `Your application for "${name}" was not confirmed`,
    declinedBody: 'We have reviewed your application to attend the event and cannot confirm it.',
    declinedNext: 'You are welcome to apply for our other events.',
    open: 'See the event',
  },
  ru: {
    reference: 'Номер заявки',
    event: 'Мероприятие',
    dates: 'Даты',
    start: (time) => `${time} по ташкентскому времени`,
    venue: 'Место',
    received: (name) => `Ваша заявка на «${name}» получена`,
    receivedBody: 'Спасибо. Мы получили вашу заявку на участие в мероприятии.',
    receivedNext:
      'Мы проверяем заявки в течение трёх рабочих дней, а затем присылаем подтверждение с данными для бейджа. Указывайте номер заявки, если пишете нам.',
    calendar: 'Добавить мероприятие в календарь',
    attached: 'Файл календаря также приложен к письму.',
    confirmed: (name) => `Ваше участие в «${name}» подтверждено`,
    confirmedBody: 'Ваша заявка подтверждена. Ждём вас на мероприятии.',
    badge: 'Ваш бейдж',
    badgeName: 'Имя',
    badgeRole: 'Участвует как',
    badgeOrganization: 'Организация',
    badgePosition: 'Должность',
    badgeNumber: 'Номер бейджа',
    bring: 'Бейдж выдаётся на стойке регистрации: возьмите паспорт, указанный в заявке, и назовите номер бейджа.',
    declined: (name) => `Ваша заявка на «${name}» не подтверждена`,
    declinedBody: 'Мы рассмотрели вашу заявку на участие в мероприятии и не можем её подтвердить.',
    declinedNext: 'Будем рады видеть вас на других наших мероприятиях.',
    open: 'Страница мероприятия',
  },
  uz: {
    reference: 'Ariza raqami',
    event: 'Tadbir',
    dates: 'Sanalar',
    start: (time) => `${time}, Toshkent vaqti`,
    venue: 'Manzil',
    received: (name) => `“${name}” tadbiriga arizangiz qabul qilindi`,
    receivedBody: 'Rahmat. Tadbirda ishtirok etish uchun arizangizni oldik.',
    receivedNext:
      'Arizalarni uch ish kuni ichida tekshiramiz, soʻng beyj maʼlumotlari bilan tasdiqnoma yuboramiz. Bizga yozsangiz, ariza raqamini koʻrsating.',
    calendar: 'Tadbirni taqvimga qoʻshish',
    attached: 'Taqvim fayli ushbu xatga ham ilova qilingan.',
    confirmed: (name) => `“${name}” tadbirida ishtirokingiz tasdiqlandi`,
    confirmedBody: 'Arizangiz tasdiqlandi. Sizni tadbirda kutamiz.',
    badge: 'Beyjingiz',
    badgeName: 'Ism',
    badgeRole: 'Ishtirok maqomi',
    badgeOrganization: 'Tashkilot',
    badgePosition: 'Lavozim',
    badgeNumber: 'Beyj raqami',
    bring:
      'Beyjni roʻyxatga olish joyidan oling: arizada koʻrsatgan pasportingizni olib keling va beyj raqamini ayting.',
    declined: (name) => `“${name}” tadbiriga arizangiz tasdiqlanmadi`,
    declinedBody: 'Tadbirda ishtirok etish uchun arizangizni koʻrib chiqdik va uni tasdiqlay olmaymiz.',
    declinedNext: 'Boshqa tadbirlarimizda sizni koʻrishdan xursand boʻlamiz.',
    open: 'Tadbir sahifasi',
  },
}

/** The event's dates as one line: a single day, or its first and last. */
function datesOf(event: EventFacts): string {
  const from = formatTashkentDay(new Date(event.start))
  const to = formatTashkentDay(new Date(event.end))
  return to !== from ? `${from} – ${to}` : from
}

function eventFacts(lang: Locale, event: EventFacts): [string, string][] {
  const t = TEXT[lang]
  const dates = event.time ? `${datesOf(event)}, ${t.start(event.time)}` : datesOf(event)
  return [
    [t.event, event.name],
    [t.dates, dates],
    ...(event.location ? [[t.venue, event.location] as [string, string]] : []),
  ]
}

type Application = { reference: string; event: EventFacts }

/** `event-received`: the receipt, with its reference and the event's calendar file (linked and attached). */
export const eventReceivedMail: MailTemplate<Application> = {
  subject: (p, lang) => TEXT[lang].received(p.event.name),
  preview: (_, lang) => TEXT[lang].receivedBody,
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.receivedBody}</P>
        <Facts items={[[t.reference, p.reference], ...eventFacts(frame.lang, p.event)]} />
        <P>{t.receivedNext}</P>
        <Action href={p.event.calendarUrl}>{t.calendar}</Action>
        <P>{t.attached}</P>
      </>
    )
  },
}

/** `event-confirmed`: the badge details, and what to bring. */
export const eventConfirmedMail: MailTemplate<Application & { badge: Badge }> = {
  subject: (p, lang) => TEXT[lang].confirmed(p.event.name),
  preview: (_, lang) => TEXT[lang].confirmedBody,
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    const role = ROLES[frame.lang][p.badge.role] ?? p.badge.role
    return (
      <>
        <P>{t.confirmedBody}</P>
        <Facts items={eventFacts(frame.lang, p.event)} />
        <P>
          <strong>{t.badge}</strong>
        </P>
        <Facts
          items={[
            [t.badgeName, p.badge.name],
            [t.badgeRole, role],
            [t.badgeOrganization, p.badge.organization],
            [t.badgePosition, p.badge.position],
            [t.badgeNumber, p.reference],
          ]}
        />
        <P>{t.bring}</P>
        <Action href={p.event.calendarUrl}>{t.calendar}</Action>
        <P>
          <A href={p.event.url}>{t.open}</A>
        </P>
      </>
    )
  },
}

/** `event-declined`: with the reason when staff gave one. */
export const eventDeclinedMail: MailTemplate<Application & { reason: string }> = {
  subject: (p, lang) => TEXT[lang].declined(p.event.name),
  preview: (_, lang) => TEXT[lang].declinedBody,
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.declinedBody}</P>
        <Facts items={[[t.reference, p.reference], ...eventFacts(frame.lang, p.event)]} />
        {p.reason ? <Quote>{p.reason}</Quote> : null}
        <P>{t.declinedNext}</P>
      </>
    )
  },
}
