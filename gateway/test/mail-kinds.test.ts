/**
 * People hear back (docs/product.md#mail): every decision that matters mails the person it concerns, in their language,
 * HTML and text from one template; optional mail asks their choices first and carries a one-click unsubscribe
 * (docs/security.md#one-click-unsubscribe); mail from public forms is capped per address a day
 * (docs/security.md#mail-limits). Each flow runs through the gateway's real routes and reads the outbox.
 */
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOCALES, type Locale } from '../../contract/locales'
import type { MailKind } from '../src/areas/mail/kinds'
import { composeMail, type MailRequest } from '../src/areas/mail/send'
import { signUnsubscribe } from '../src/areas/mail/unsubscribe'
import { MAIL_ADDRESS_LIMIT } from '../src/lib/rate-limit'
import { accessEnv, signInOperators } from './access-helpers'
import {
  call,
  createUser,
  ensureSeeded,
  moderate,
  readTopicAndType,
  type TestUser,
  uniqueEmail,
  uniqueIp,
} from './helpers'

type Mail = {
  kind: MailKind
  subject: string
  text: string
  html: string
  headers: Record<string, string>
  attachments: { filename: string; type: string }[]
}

const mailsTo = async (email: string): Promise<Mail[]> =>
  (await call(`/dev/outbox?email=${encodeURIComponent(email)}`)).body.content
const kindsTo = async (email: string) => (await mailsTo(email)).map((m) => m.kind)
const lastTo = async (email: string, kind: MailKind) => (await mailsTo(email)).find((m) => m.kind === kind)

let ids: Awaited<ReturnType<typeof readTopicAndType>>
let operator: Record<string, string> = {}
const MODERATOR = 'mail-moderator@agency.example'

beforeAll(async () => {
  await ensureSeeded()
  ids = await readTopicAndType()
  const tokens = await signInOperators(env.DB, [[MODERATOR, 'moderator']])
  operator = { 'Cf-Access-Jwt-Assertion': tokens[MODERATOR]! }
})

afterEach(() => {
  vi.restoreAllMocks()
})

const operatorCall = (path: string, body: Record<string, unknown>) =>
  call(`/core/operator/inbox${path}`, { body, headers: operator, env: accessEnv() })

const appealOf = (user: TestUser, lang: Locale) =>
  call('/siw/appeal', {
    token: user.token,
    lang,
    body: {
      topic_id: ids.topicId,
      type_id: ids.typeId,
      region_id: 1718,
      text: 'Which permits does a greenhouse in Fergana region need?',
    },
  })

const contactOf = (email: string, lang: Locale = 'ru', ip = uniqueIp()) =>
  call('/siw/public/contact-us', {
    ip,
    lang,
    body: {
      name: 'Elena',
      last_name: 'Petrova',
      email,
      phone: '+7 (912) 345-67-89',
      website: '',
      country: 'Kazakhstan',
      designation: 'Partner',
      message: 'We would like to discuss agro-processing.',
      purpose: 'exploring_investment_opportunities',
      company_name: 'Petrova Consulting',
      hash: '',
    },
  })

const eventApplicationOf = (email: string, lang: Locale) =>
  call('/siw/public/event-application', {
    ip: uniqueIp(),
    lang,
    body: {
      event_id: 8,
      role: 'speaker',
      first_name: 'Maria',
      last_name: 'Rossi',
      middle_name: '',
      birth_date: '1988-04-12',
      gender: 'female',
      email,
      phone: '393331234567',
      passport: 'ya1234567',
      country_id: 380,
      address: 'Via Roma 10, Milan',
      birthplace: 'Milan',
      organization: 'Rossi Impianti S.r.l.',
      position: 'CEO',
      activity: 'Industrial equipment',
      hash: '',
    },
  })

describe('the mail each decision sends', () => {
  it('receipts and answers a signed-in investor’s appeal in its language, with the appeal’s page and the reply', async () => {
    const user = await createUser()
    const appeal = (await appealOf(user, 'ru')).body.content.id as number
    const receipt = await lastTo(user.email, 'appeal-receipt')
    expect(receipt?.subject).toBe(`Ваше обращение № ${appeal} принято`)
    expect(receipt?.text).toContain(`/ru/profile/appeals/${appeal}`)
    await moderate({ kind: 'appeal', id: appeal, action: 'review', reply: 'Забота о теплицах: см. приложение 3.' })
    const reply = await lastTo(user.email, 'appeal-reply')
    expect(reply?.subject).toBe(`Re: На ваше обращение № ${appeal} дан ответ`)
    expect(reply?.text).toContain('Забота о теплицах: см. приложение 3.')
    // Optional for an account: the reply carries RFC 8058's one-click unsubscribe, to the portal's endpoint.
    expect(reply?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(reply?.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/[^>]+\/_app\/unsubscribe\?lang=ru&token=appeals\.u\./,
    )
  })

  it('mails a rejected appeal with the reason, in English', async () => {
    const user = await createUser()
    const appeal = (await appealOf(user, 'en')).body.content.id as number
    await moderate({ kind: 'appeal', id: appeal, action: 'reject', reason: 'Outside the agency’s remit.' })
    const mail = await lastTo(user.email, 'appeal-rejected')
    expect(mail?.subject).toBe(`Your appeal No. ${appeal} was not accepted`)
    expect(mail?.text).toContain('Outside the agency’s remit.')
  })

  it('mails a project’s approval and rejection to its owner, with the reason', async () => {
    const user = await createUser()
    const project = {
      title: { en: 'Greenhouse', ru: 'Теплица', uz: 'Issiqxona' },
      content: { en: '<p>A 2 ha greenhouse.</p>', ru: '<p>Теплица на 2 га.</p>', uz: '<p>2 ga issiqxona.</p>' },
      category_id: 1,
      sector_id: 11,
      region_id: 1718,
      budget: 2_500_000,
      status: 'open_for_investment',
      latitude: 39.65,
      longitude: 66.96,
      phone: '998901112233',
      email: 'projects@test.example',
      budgets: [{ sum: 2_500_000 }],
    }
    const create = () => call('/siw/personal/project', { token: user.token, body: project })
    const first = (await create()).body.content.id as number
    await moderate({ kind: 'project', id: first, action: 'approve' })
    const second = (await create()).body.content.id as number
    await moderate({ kind: 'project', id: second, action: 'reject', reason: 'The budget lacks a breakdown.' })
    // Never signed in with a language: mail about others' decisions is then in English.
    expect((await lastTo(user.email, 'project-approved'))?.subject).toBe('Your project "Greenhouse" has been approved')
    const rejected = await lastTo(user.email, 'project-rejected')
    expect(rejected?.subject).toBe('Your project "Greenhouse" was not approved')
    expect(rejected?.text).toContain('The budget lacks a breakdown.')
  })

  it('receipts an event application with its reference and calendar file, then mails the confirmation with the badge', async () => {
    const email = uniqueEmail('applicant')
    const created = (await eventApplicationOf(email, 'uz')).body.content
    expect(created.reference).toMatch(/^EV-\d{4}-\d{6}$/)
    const receipt = await lastTo(email, 'event-received')
    expect(receipt?.subject).toMatch(/tadbiriga arizangiz qabul qilindi$/)
    expect(receipt?.text).toContain(created.reference)
    expect(receipt?.text).toContain('/siw/public/event/8/calendar.ics?lang=uz')
    expect(receipt?.attachments).toEqual([{ filename: 'event-8.ics', type: expect.stringMatching(/^text\/calendar/) }])
    const decided = await operatorCall(`/event/${created.id}/decision`, { decision: 'confirmed' })
    expect(decided.status, JSON.stringify(decided.body)).toBe(200)
    const confirmed = await lastTo(email, 'event-confirmed')
    expect(confirmed?.subject).toMatch(/tadbirida ishtirokingiz tasdiqlandi$/)
    expect(confirmed?.text).toContain('Maria Rossi')
    expect(confirmed?.text).toContain('Rossi Impianti S.r.l.')
    // A decision is made once.
    expect((await operatorCall(`/event/${created.id}/decision`, { decision: 'declined' })).status).toBe(409)
  })

  it('mails a declined application with the reason', async () => {
    const email = uniqueEmail('applicant')
    const created = (await eventApplicationOf(email, 'en')).body.content
    await operatorCall(`/event/${created.id}/decision`, { decision: 'declined', reason: 'The hall is full.' })
    const declined = await lastTo(email, 'event-declined')
    expect(declined?.subject).toMatch(/^Your application for ".+" was not confirmed$/)
    expect(declined?.text).toContain('The hall is full.')
  })

  it('receipts a contact request with its reference and a link, and mails the reply into its enquiry’s thread', async () => {
    const email = uniqueEmail('contact')
    const created = (await contactOf(email, 'ru')).body.content
    expect(created.reference).toMatch(/^CR-\d{4}-\d{6}$/)
    const receipt = await lastTo(email, 'contact-receipt')
    expect(receipt?.subject).toBe(`Ваше сообщение получено (${created.reference})`)
    // The receipt's link is the request's enquiry, signed: it shows where the request stands.
    const link = /\/ru\/enquiry\/(\d+\.[\w-]+)/.exec(receipt?.text ?? '')?.[1]
    expect(link).toBeDefined()
    // Staff find the request among the enquiries by its reference, typed loosely.
    const found = await call(`/core/operator/enquiries?q=${created.reference.toLowerCase()}`, {
      headers: operator,
      env: accessEnv(),
    })
    const [enquiry] = found.body.content.items
    expect(found.body.content.items).toHaveLength(1)
    expect(enquiry).toMatchObject({
      kind: 'contact',
      contact_id: created.id,
      reference: created.reference,
      project: null,
    })
    const reply = await call(`/core/operator/enquiries/${enquiry.id}/replies`, {
      body: { body: 'Мы свяжемся с вами в среду.' },
      headers: operator,
      env: accessEnv(),
    })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const mail = await lastTo(email, 'contact-reply')
    expect(mail?.text).toContain('Мы свяжемся с вами в среду.')
    expect(mail?.text).toContain(created.reference)
    expect(mail?.text).toContain(`/ru/enquiry/${link}`)
    // Needed to complete the person's own request: no unsubscribe.
    expect(mail?.headers).toEqual({})
    // The sender reads the reply by the receipt's link.
    const followed = await call(`/siw/enquiry/link/${link}`, { lang: 'ru' })
    expect(followed.body.content).toMatchObject({
      kind: 'contact',
      project: null,
      reference: created.reference,
      replies: [expect.objectContaining({ body: 'Мы свяжемся с вами в среду.' })],
    })
  })

  it('tells the owner of a sign-in from a browser new to the account, and leads "not me" to a password reset', async () => {
    const user = await createUser({ password: 'Correct#Horse1' })
    const login = (device?: string) =>
      call('/core/auth/login', {
        body: { email: user.email, password: 'Correct#Horse1', hash: '', role: 'investor' },
        ip: uniqueIp(),
        lang: 'en',
        headers: device ? { 'X-Device-Token': device } : {},
      })
    const device = (await login()).body.content.device as string
    expect(await kindsTo(user.email)).toEqual([]) // the first browser the account ever used
    await login(device)
    expect(await kindsTo(user.email)).toEqual([]) // a browser it knows
    await login()
    const notice = await lastTo(user.email, 'new-sign-in')
    expect(notice?.subject).toBe('A new sign-in to your Invest Portal account')
    expect(notice?.text).toMatch(/\/en\/auth\/forgot-password\?role=investor/)
  })

  const SAMPLES: MailRequest[] = [
    { kind: 'appeal-receipt', to: 'a@test.example', lang: 'en', props: { id: 7, url: null } },
    {
      kind: 'contact-receipt',
      to: 'a@test.example',
      lang: 'en',
      props: { reference: 'CR-2026-000123', message: 'Hi' },
    },
    { kind: 'project-approved', to: 'a@test.example', lang: 'en', props: { title: 'Mill', url: 'http://x/p' } },
  ]
  const SUBJECTS: Record<string, Record<Locale, string>> = {
    'appeal-receipt': {
      uz: '№ 7 murojaatingiz qabul qilindi',
      ru: 'Ваше обращение № 7 принято',
      en: 'Your appeal No. 7 has been received',
    },
    'contact-receipt': {
      uz: 'Xabaringiz qabul qilindi (CR-2026-000123)',
      ru: 'Ваше сообщение получено (CR-2026-000123)',
      en: 'We have received your message (CR-2026-000123)',
    },
    'project-approved': {
      uz: '“Mill” loyihangiz tasdiqlandi',
      ru: 'Ваш проект «Mill» одобрен',
      en: 'Your project "Mill" has been approved',
    },
  }

  it.each(SAMPLES.flatMap((s) => LOCALES.map((lang) => [s.kind, lang, s] as const)))(
    'writes %s in %s: subject, HTML and text from one template, with the agency’s contacts',
    async (kind, lang, sample) => {
      const mail = await composeMail(env, { ...sample, lang } as MailRequest)
      expect(mail.subject).toBe(SUBJECTS[kind]![lang])
      expect(mail.html).toMatch(new RegExp(`^<!DOCTYPE html[^>]*><html dir="ltr" lang="${lang}">`))
      // The heading repeats the subject (the text's headings are in capitals).
      expect(mail.text).toContain(mail.subject.toLocaleUpperCase(lang))
      expect(mail.text).not.toMatch(/<[a-z]/)
    },
  )
})

describe('each person’s choices', () => {
  it('sends an answer only to the bell once the investor turned appeal mail off', async () => {
    const user = await createUser()
    const choices = (await call('/core/profile/notifications', { token: user.token })).body.content
    expect(choices).toEqual({
      appeals: { mail: true, push: true },
      projects: { mail: true, push: true },
      events: { mail: true, push: true },
      enquiries: { mail: true, push: true },
    })
    const off = { ...choices, appeals: { mail: false, push: true } }
    const saved = await call('/core/profile/notifications', { method: 'PUT', token: user.token, body: off })
    expect(saved.body.content.appeals).toEqual({ mail: false, push: true })
    const appeal = (await appealOf(user, 'en')).body.content.id as number
    await moderate({ kind: 'appeal', id: appeal, action: 'review', reply: 'Answered in the bell only.' })
    expect(await kindsTo(user.email)).toEqual([])
    const bell = (await call('/siw/notification', { token: user.token })).body.content
    expect(bell.map((n: { type: string }) => n.type)).toContain('new_appeal_response')
  })

  it('refuses a choice that is not every topic on every channel', async () => {
    const user = await createUser()
    const r = await call('/core/profile/notifications', {
      method: 'PUT',
      token: user.token,
      body: { appeals: { mail: 'no' } },
    })
    expect(r.status).toBe(422)
  })

  it('turns a topic off by a mail’s one-click link, signed out, and refuses a forged one', async () => {
    const email = uniqueEmail('refuser')
    await contactOf(email)
    const receipt = await lastTo(email, 'contact-receipt')
    const token = new URL(/^<(.+)>$/.exec(receipt!.headers['List-Unsubscribe']!)![1]!).searchParams.get('token')!
    const forged = `${token.slice(0, -4)}AAAA`
    const refused = await call('/core/mail/unsubscribe', { body: { token: forged } })
    expect(refused.status).toBe(400)
    expect(refused.body.result.code).toBe('invalid_link')
    const done = await call('/core/mail/unsubscribe', { body: { token } })
    expect(done.body.content).toEqual({ topic: 'contact' })
    await contactOf(email)
    expect(await kindsTo(email)).toEqual(['contact-receipt']) // the first only
  })

  it('lets an account’s unsubscribe link turn that topic off in its choices', async () => {
    const user = await createUser()
    const token = await signUnsubscribe('local-mail-link-secret-for-development-only', {
      topic: 'projects',
      userId: user.id,
    })
    expect((await call('/core/mail/unsubscribe', { body: { token } })).status).toBe(200)
    const choices = (await call('/core/profile/notifications', { token: user.token })).body.content
    expect(choices.projects).toEqual({ mail: false, push: true })
  })
})

describe('the daily limit per address', () => {
  it(`mails one address at most ${MAIL_ADDRESS_LIMIT.max} receipts a day, however many senders; the forms still succeed`, async () => {
    const log = vi.spyOn(console, 'log')
    const email = uniqueEmail('flooded')
    for (let i = 0; i < MAIL_ADDRESS_LIMIT.max + 2; i++) {
      const r = i % 2 ? await contactOf(email) : await eventApplicationOf(email, 'en')
      expect(r.status).toBe(200)
    }
    expect(await mailsTo(email)).toHaveLength(MAIL_ADDRESS_LIMIT.max)
    const dropped = log.mock.calls.map(([line]) => String(line)).filter((l) => l.includes('"why":"over_limit"'))
    expect(dropped).toHaveLength(2)
    expect(dropped.join('\n')).not.toContain(email)
  })
})
