/** Mail about a message sent through the contact form: its receipt with the reference, and the agency's reply. */
import type { Locale } from '../../../../../contract/locales'
import { Action, Facts, P, Quote } from './parts'
import type { MailTemplate } from './template'

const TEXT: Record<
  Locale,
  {
    received: (reference: string) => string
    receivedBody: string
    receivedNext: string
    reference: string
    yourMessage: string
    reply: (reference: string) => string
    replyBody: string
    replyNext: string
    follow: string
  }
> = {
  en: {
    received: (reference) => `We have received your message (${reference})`,
    receivedBody: 'Thank you for writing to the investment agency. Your message has been registered.',
    receivedNext:
      'An adviser will reply to this address, usually within two working days. Quote the reference if you write to us about it.',
    reference: 'Reference',
    yourMessage: 'Your message',
    reply: (reference) => `Re: your message ${reference}`,
    replyBody: 'The investment agency has answered your message:',
    replyNext: 'To write to us again, use the contact form on the portal and quote the reference.',
    follow: 'See where your message stands',
  },
  ru: {
    received: (reference) => `Ваше сообщение получено (${reference})`,
    receivedBody: 'Спасибо, что написали в агентство по инвестициям. Ваше сообщение зарегистрировано.',
    receivedNext:
      'Консультант ответит на этот адрес, как правило, в течение двух рабочих дней. Указывайте номер, если пишете нам по этому вопросу.',
    reference: 'Номер',
    yourMessage: 'Ваше сообщение',
    reply: (reference) => `Re: ваше сообщение ${reference}`,
    replyBody: 'Агентство по инвестициям ответило на ваше сообщение:',
    replyNext: 'Чтобы написать нам снова, воспользуйтесь формой обратной связи на портале и укажите номер.',
    follow: 'Посмотреть, на каком этапе ваше обращение',
  },
  uz: {
    received: (reference) => `Xabaringiz qabul qilindi (${reference})`,
    receivedBody: 'Investitsiya agentligiga yozganingiz uchun rahmat. Xabaringiz roʻyxatga olindi.',
    receivedNext:
      'Maslahatchi odatda ikki ish kuni ichida shu manzilga javob beradi. Bu masala boʻyicha yozsangiz, raqamni koʻrsating.',
    reference: 'Raqam',
    yourMessage: 'Xabaringiz',
    reply: (reference) => `Re: ${reference} raqamli xabaringiz`,
    replyBody: 'Investitsiya agentligi xabaringizga javob berdi:',
    replyNext: 'Bizga yana yozish uchun portaldagi murojaat shaklidan foydalaning va raqamni koʻrsating.',
    follow: 'Murojaatingiz qay holatda ekanini koʻring',
  },
}

/**
 * `contact-receipt`: the message is registered under its reference; the link (the request's enquiry, signed:
 * docs/decisions/0056-enquiries.md#contact-requests) shows where it stands. A receipt queued before links has none.
 */
export const contactReceiptMail: MailTemplate<{ reference: string; message: string; link?: string }> = {
  subject: (p, lang) => TEXT[lang].received(p.reference),
  preview: (_, lang) => TEXT[lang].receivedBody,
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.receivedBody}</P>
        <Facts items={[[t.reference, p.reference]]} />
        <P>{t.receivedNext}</P>
        <P>{t.yourMessage}:</P>
        <Quote>{p.message}</Quote>
        {p.link ? <Action href={p.link}>{t.follow}</Action> : null}
      </>
    )
  },
}

/** `contact-reply`: what an operator wrote back from the console, and (when given) the link to the whole thread. */
export const contactReplyMail: MailTemplate<{ reference: string; reply: string; link?: string }> = {
  subject: (p, lang) => TEXT[lang].reply(p.reference),
  preview: (_, lang) => TEXT[lang].replyBody,
  Body: ({ p, frame }) => {
    const t = TEXT[frame.lang]
    return (
      <>
        <P>{t.replyBody}</P>
        <Quote>{p.reply}</Quote>
        <P>{t.replyNext}</P>
        {p.link ? <Action href={p.link}>{t.follow}</Action> : null}
      </>
    )
  },
}
