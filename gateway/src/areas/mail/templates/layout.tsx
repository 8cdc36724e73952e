/**
 * The one layout of every mail (docs/decisions/0046-mail-templates.md): the portal's name, the mail's heading and
 * content, and a footer with the agency's contacts (the site settings) and, for optional mail, why it came and how to
 * stop it (docs/decisions/0047-notification-choices.md).
 */
import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'
import type { MailTopic } from '../../../../../contract/gateway/channels'
import type { Locale } from '../../../../../contract/locales'
import type { MailFrame } from './frame'
import { A } from './parts'

const FOOTER: Record<
  Locale,
  {
    brand: string
    agency: string
    automatic: string
    topics: Record<MailTopic, string>
    unsubscribe: (topic: string) => string
    choices: string
  }
> = {
  en: {
    brand: 'Invest Portal',
    agency: 'The investment portal of the Republic of Uzbekistan',
    automatic: 'This message was sent automatically; replies to it are not read.',
    topics: {
      appeals: 'your appeals',
      projects: 'your projects',
      events: 'your event applications',
      contact: 'your messages to the agency',
      enquiries: 'your interest in projects',
    },
    unsubscribe: (topic) => `Stop mail about ${topic}`,
    choices: 'Choose how you are told',
  },
  ru: {
    brand: 'Invest Portal',
    agency: 'Инвестиционный портал Республики Узбекистан',
    automatic: 'Письмо отправлено автоматически; ответы на него не читаются.',
    topics: {
      appeals: 'ваших обращениях',
      projects: 'ваших проектах',
      events: 'ваших заявках на мероприятия',
      contact: 'ваших сообщениях агентству',
      enquiries: 'вашем интересе к проектам',
    },
    unsubscribe: (topic) => `Не присылать письма о ${topic}`,
    choices: 'Выбрать, как получать уведомления',
  },
  uz: {
    brand: 'Invest Portal',
    agency: 'Oʻzbekiston Respublikasining investitsiya portali',
    automatic: 'Bu xat avtomatik yuborildi; unga yozilgan javoblar oʻqilmaydi.',
    topics: {
      appeals: 'murojaatlaringiz',
      projects: 'loyihalaringiz',
      events: 'tadbirlarga arizalaringiz',
      contact: 'agentlikka xabarlaringiz',
      enquiries: 'loyihalarga qiziqishingiz',
    },
    unsubscribe: (topic) => `${topic} haqida xat yubormang`,
    choices: 'Xabarnomalarni qanday olishni tanlash',
  },
}

const small = { margin: '0 0 6px', fontSize: '13px', lineHeight: '18px', color: '#4a5563' }

/** The footer: the agency's contacts as its editors set them, and the reader's choices. */
function Footer({ frame }: { frame: MailFrame }) {
  const t = FOOTER[frame.lang]
  const { site } = frame
  const contacts = [site.address, site.phone, site.email].filter((v): v is string => !!v)
  return (
    <Section>
      <Hr style={{ borderColor: '#dde3ea', margin: '24px 0 16px' }} />
      <Text style={{ ...small, fontWeight: 600 }}>{t.agency}</Text>
      {contacts.map((line) => (
        <Text key={line} style={small}>
          {line}
        </Text>
      ))}
      <Text style={small}>
        <A href={`${frame.portalOrigin}/${frame.lang}`}>{frame.portalOrigin.replace(/^https?:\/\//, '')}</A>
      </Text>
      <Text style={small}>{t.automatic}</Text>
      {frame.unsubscribe ? (
        <Text style={small}>
          <A href={frame.unsubscribe.url}>{t.unsubscribe(t.topics[frame.unsubscribe.topic])}</A>
          {frame.choicesUrl ? (
            <>
              {' · '}
              <A href={frame.choicesUrl}>{t.choices}</A>
            </>
          ) : null}
        </Text>
      ) : null}
    </Section>
  )
}

/** A whole mail: `heading` is its title, `preview` the line inboxes show beside the subject. */
export function MailLayout({
  frame,
  heading,
  preview,
  children,
}: {
  frame: MailFrame
  heading: string
  preview: string
  children: ReactNode
}) {
  return (
    <Html lang={frame.lang}>
      <Head>
        <title>{heading}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: '24px 0', backgroundColor: '#f4f6f8', fontFamily: 'system-ui, sans-serif' }}>
        <Container style={{ maxWidth: '600px', padding: '24px 32px', backgroundColor: '#ffffff', borderRadius: '8px' }}>
          <Text style={{ margin: '0 0 16px', fontSize: '14px', fontWeight: 700, color: '#0b5cad' }}>
            {FOOTER[frame.lang].brand}
          </Text>
          <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '30px', color: '#1a2330' }}>
            {heading}
          </Heading>
          {children}
          <Footer frame={frame} />
        </Container>
      </Body>
    </Html>
  )
}
