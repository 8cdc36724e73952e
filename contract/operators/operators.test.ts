/**
 * The operators' contract's choices an operator would notice: the audit log shows rows of any action while its filter
 * offers only the actions there are; a queue's tabs need the count of every state; a service's steps come nested in
 * its processes; a refused publish names the languages it misses.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AuditLogSchema } from './audit'
import { ContentItemSchema } from './content'
import { RefusalSchema } from './envelope'
import { ProjectListSchema } from './moderation'

const ROW = {
  id: 7,
  at: '2026-11-02T09:00:00.000Z',
  operator: { id: 1, email: 'admin@agency.uz', name: 'Admin' },
  action: 'appeal.reply',
  target: { kind: 'appeal', id: 3 },
  before: { status: 'in_moderation' },
  after: { status: 'reviewed', reply: 'Forwarded.' },
}

describe('the operators’ contract', () => {
  it('keeps an audit row of an action the list no longer names, but offers only listed actions as filters', () => {
    const log = { items: [{ ...ROW, action: 'appeal.escalate' }], actions: ['appeal.reply'], targets: ['appeal'] }
    expect(v.safeParse(AuditLogSchema, log).success).toBe(true)
    expect(v.safeParse(AuditLogSchema, { ...log, actions: ['appeal.escalate'] }).success).toBe(false)
  })

  it('refuses a queue whose counts miss a state', () => {
    const list = { state: 'pending', items: [], counts: { pending: 2, approved: 5, rejected: 1 } }
    expect(v.safeParse(ProjectListSchema, list).success).toBe(true)
    expect(v.safeParse(ProjectListSchema, { ...list, counts: { pending: 2, approved: 5 } }).success).toBe(false)
  })

  it('reads children nested in children, each with its id and values', () => {
    const step = { id: 31, values: { title_en: 'Apply online' } }
    const item = {
      id: 4,
      kind: 'service',
      publication: 'draft',
      publish_at: null,
      updated_at: '2026-11-01T10:00:00.000Z',
      values: { title_en: 'Land allocation' },
      missing: ['uz'],
      children: { service_process: [{ id: 12, values: { title_en: 'Before' }, children: { service_step: [step] } }] },
    }
    expect(v.safeParse(ContentItemSchema, item).success).toBe(true)
    const process = { id: 12, values: {}, children: { service_step: [{ id: 31 }] } }
    const broken = { ...item, children: { service_process: [process] } }
    expect(v.safeParse(ContentItemSchema, broken).success).toBe(false)
  })

  it('reads the languages a refused publish misses, and nothing else as languages', () => {
    expect(v.parse(RefusalSchema, { missing: ['uz', 'ru'] })).toEqual({ missing: ['uz', 'ru'] })
    expect(v.safeParse(RefusalSchema, { missing: ['de'] }).success).toBe(false)
    expect(v.parse(RefusalSchema, null)).toBeNull()
  })
})
