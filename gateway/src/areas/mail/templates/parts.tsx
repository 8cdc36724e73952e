/** The pieces the mail templates are built of, styled inline as mail clients need: paragraphs, a button, facts, quotes. */
import { Button, Link, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'

const INK = '#1a2330'
const BRAND = '#0b5cad'

const textStyle = { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: INK }

/** A paragraph. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={textStyle}>{children}</Text>
}

/** The mail's one action: a button, with its address written out beneath it for clients that show no buttons. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: BRAND,
          color: '#ffffff',
          borderRadius: '6px',
          padding: '12px 20px',
          fontSize: '16px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
      <Text style={{ ...textStyle, margin: '12px 0 0', fontSize: '13px', lineHeight: '18px', color: '#4a5563' }}>
        <Link href={href} style={{ color: BRAND, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </Section>
  )
}

/** A link within the text. */
export function A({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: BRAND }}>
      {children}
    </Link>
  )
}

/** Labelled facts (a reference, an event's dates), one per line. */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Section style={{ margin: '0 0 16px', padding: '12px 16px', backgroundColor: '#f1f4f8', borderRadius: '6px' }}>
      {items.map(([label, value]) => (
        <Text key={label} style={{ ...textStyle, margin: '4px 0' }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </Section>
  )
}

/** What someone wrote (a moderator's reply, a reason), kept as written: its line breaks stay. */
export function Quote({ children }: { children: string }) {
  return (
    <Section style={{ margin: '0 0 16px', padding: '4px 16px', borderLeft: `4px solid ${BRAND}` }}>
      {children.split(/\n{2,}/).map((paragraph, i) => (
        <Text key={i} style={{ ...textStyle, margin: '8px 0', whiteSpace: 'pre-line' }}>
          {paragraph}
        </Text>
      ))}
    </Section>
  )
}
