/**
 * Mail about interest in a project (docs/product.md#enquiries): the receipt with the reference and the link to follow
 * it, the agency's reply, and the enquiry reaching in contact, meeting or closed.
 */
import type { EnquiryOutcome, EnquiryStatus } from '../../../../../contract/gateway/enquiry-values'
import type { Locale } from '../../../../../contract/locales'
import { Action, Facts, P, Quote } from './parts'
import type { MailTemplate } from './template'

type Text = {
  received: (reference: string) => string
  receivedBody: (project: string) => string
  receivedNext: string
  reference: string
  project: string
  follow: string
  reply: (reference: string) => string
  replyBody: string
  status: (reference: string) => string
  statusBody: Record<'in_contact' | 'meeting' | 'closed', string>
  outcome: Record<EnquiryOutcome, string>
}

const TEXT: Record<Locale, Text> = {
  en: {
    received: (reference) => `We have received your interest (${reference})`,
    receivedBody: (project) =>
      `Thank you for your interest in “${project}”. An adviser of the agency will contact you.`,
    receivedNext: 'You can see where your enquiry stands and read our replies at any time:',
    reference: 'Reference',
    project: 'Project',
    follow: 'Follow your enquiry',
    reply: (reference) => `Re: your enquiry ${reference}`,
    replyBody: 'The investment agency has answered your enquiry:',
    status: (reference) => `Your enquiry ${reference} has moved on`,
    statusBody: {
      in_contact: 'An adviser of the agency is now in contact about your enquiry.',
      meeting: 'A meeting about your enquiry is being arranged.',
      closed: 'Your enquiry has been closed.',
    },
    outcome: { won: 'It led to an agreement.', lost: 'It did not lead to an agreement this time.' },
  },
  ru: {
    received: (reference) => `Ваш интерес к проекту получен (${reference})`,
    receivedBody: (project) => `Спасибо за интерес к проекту «${project}». Консультант агентства свяжется с вами.`,
    receivedNext: 'Где сейчас ваше обращение и ответы агентства можно посмотреть в любое время:',
    reference: 'Номер',
    project: 'Проект',
    follow: 'Следить за обращением',
    reply: (reference) => `Re: ваше обращение ${reference}`,
    replyBody: 'Агентство по инвестициям ответило на ваше обращение:',
    status: (reference) => `Ваше обращение ${reference} продвинулось`,
    statusBody: {
      in_contact: 'Консультант агентства теперь на связи по вашему обращению.',
      meeting: 'По вашему обращению назначается встреча.',
      closed: 'Ваше обращение закрыто.',
    },
    outcome: { won: 'Оно завершилось договорённостью.', lost: 'На этот раз договорённости не достигнуто.' },
  },
  uz: {
    received: (reference) => `Loyihaga qiziqishingiz qabul qilindi (${reference})`,
    receivedBody: (project) =>
      `“${project}” loyihasiga qiziqishingiz uchun rahmat. Agentlik maslahatchisi siz bilan bogʻlanadi.`,
    receivedNext: 'Murojaatingiz qay holatda ekanini va agentlik javoblarini istalgan vaqtda koʻrishingiz mumkin:',
    reference: 'Raqam',
    project: 'Loyiha',
    follow: 'Murojaatni kuzatish',
    reply: (reference) => `Re: ${reference} raqamli murojaatingiz`,
    replyBody: 'Investitsiya agentligi murojaatingizga javob berdi:',
    status: (reference) => `${reference} raqamli murojaatingiz oldinga siljidi`,
    statusBody: {
      in_contact: 'Agentlik maslahatchisi endi murojaatingiz boʻyicha aloqada.',
      meeting: 'Murojaatingiz boʻyicha uchrashuv belgilanmoqda.',
      closed: 'Murojaatingiz yopildi.',
    },
    outcome: { won: 'U kelishuv bilan yakunlandi.', lost: 'Bu safar kelishuvga erishilmadi.' },
  },
}

/** `enquiry-receipt`: the interest is registered under its reference; the link follows it. */
export const enquiryReceiptMail: MailTemplate<{ reference: string; project: string; link: string }> = {
  subject: (p, lang) => TEXT[lang].received(p.reference),
  preview: (p, lang) => TEXT[lang].receivedBody(p.project),
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.receivedBody(p.project)}</P>
        <Facts
          items={[
            [t.reference, p.reference],
            [t.project, p.project],
          ]}
        />
        <P>{t.receivedNext}</P>
        <Action href={p.link}>{t.follow}</Action>
      </>
    )
  },
}

/** `enquiry-reply`: what an operator wrote back from the console. */
export const enquiryReplyMail: MailTemplate<{ reference: string; project: string; reply: string; link: string }> = {
  subject: (p, lang) => TEXT[lang].reply(p.reference),
  preview: (_, lang) => TEXT[lang].replyBody,
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.replyBody}</P>
        <Quote>{p.reply}</Quote>
        <Action href={p.link}>{t.follow}</Action>
      </>
    )
  },
}

/**
 * `enquiry-status`: the enquiry reached in contact, meeting or closed (with its outcome); a contact request's names no
 * project.
 */
export const enquiryStatusMail: MailTemplate<{
  reference: string
  project: string
  status: EnquiryStatus
  outcome: EnquiryOutcome | null
  link: string
}> = {
  subject: (p, lang) => TEXT[lang].status(p.reference),
  preview: (p, lang) => statusText(TEXT[lang], p.status),
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{statusText(t, p.status)}</P>
        {p.outcome ? <P>{t.outcome[p.outcome]}</P> : null}
        <Facts
          items={
            p.project
              ? [
                  [t.reference, p.reference],
                  [t.project, p.project],
                ]
              : [[t.reference, p.reference]]
          }
        />
        <Action href={p.link}>{t.follow}</Action>
      </>
    )
  },
}

function statusText(t: Text, status: EnquiryStatus): string {
  return status === 'in_contact' || status === 'meeting' || status === 'closed' ? t.statusBody[status] : ''
}
