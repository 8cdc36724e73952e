import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
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

let ids: Awaited<ReturnType<typeof readTopicAndType>>

beforeAll(async () => {
  await ensureSeeded()
  ids = await readTopicAndType()
})

const TEXT = 'Please explain the procedure for registering a foreign-owned LLC in Samarkand region.'

function createAppeal(user: TestUser, extra: Record<string, unknown> = {}) {
  return call('/siw/appeal', {
    token: user.token,
    body: { topic_id: ids.topicId, type_id: ids.typeId, region_id: 1718, text: TEXT, ...extra },
  })
}

async function createReviewedAppeal(user: TestUser) {
  const { body } = await createAppeal(user)
  await moderate({
    kind: 'appeal',
    id: body.content.id,
    action: 'review',
    reply: 'Forwarded to the Samarkand regional office.',
  })
  return body.content.id as number
}

describe('appeal topics and types', () => {
  it('lists topics with their types as children, in the request language', async () => {
    const { body } = await call('/siw/public/appeal-topic', { lang: 'ru' })
    expect(body.content.length).toBeGreaterThanOrEqual(4)
    expect(body.content[0]).toMatchObject({ id: ids.topicId, title: 'Инвестиционный климат' })
    expect(body.content[0].children.length).toBeGreaterThanOrEqual(2)
    expect(body.content[0].children[0]).toMatchObject({ id: ids.typeId, title: expect.any(String) })
  })

  it('falls back to another language when a translation is missing', async () => {
    await env.DB.prepare("UPDATE appeal_topics SET title_uz = '' WHERE id = ?").bind(ids.topicId).run()
    const uz = (await call('/siw/public/appeal-topic', { lang: 'uz' })).body.content[0]
    expect(uz.title).toBe('Инвестиционный климат')
    await env.DB.prepare("UPDATE appeal_topics SET title_uz = 'Investitsiya muhiti' WHERE id = ?")
      .bind(ids.topicId)
      .run()
  })

  it('lists the types of one topic by parent_id', async () => {
    const { body } = await call(`/siw/public/appeal-type?parent_id=${ids.topicId}`)
    expect(body.content.map((t: any) => t.parent_id)).toEqual(body.content.map(() => ids.topicId))
    expect((await call('/siw/public/appeal-type?parent_id=x')).body.errors).toEqual(['parent_id'])
  })
})

describe('POST /siw/appeal', () => {
  it('creates an appeal in moderation and notifies its author', async () => {
    const user = await createUser()
    const { body } = await createAppeal(user, { status: 'resolved', user_id: 1 })
    expect(body.content).toMatchObject({
      topic: { id: ids.topicId },
      type: { id: ids.typeId },
      region: { id: 1718, region: 'Samarkand region', code: '1718' },
      status: 'in_moderation',
      reject_reason: null,
      text: TEXT,
      createdAt: expect.any(String),
    })
    const notes = (await call('/siw/notification', { token: user.token })).body.content
    expect(notes[0]).toMatchObject({ type: 'new_appeal', link: `/profile/appeals/${body.content.id}` })
  })

  it('names each invalid field', async () => {
    const user = await createUser()
    expect((await createAppeal(user, { topic_id: 'x', type_id: 0, region_id: 99, text: 'short' })).body.errors).toEqual(
      expect.arrayContaining(['topic_id', 'type_id', 'region_id', 'text']),
    )
    expect((await createAppeal(user, { type_id: ids.otherTypeId })).body.errors).toEqual(['type_id'])
    expect((await createAppeal(user, { topic_id: ids.typeId })).body.errors).toEqual(
      expect.arrayContaining(['topic_id']),
    )
  })

  it('needs a bearer token', async () => {
    expect((await call('/siw/appeal', { body: {} })).status).toBe(401)
  })
})

describe('reading appeals', () => {
  it('pages the user’s own appeals newest first', async () => {
    const user = await createUser()
    for (let i = 0; i < 3; i++) await createAppeal(user, { text: `${TEXT} (${i})` })
    const { body } = await call('/siw/appeal?page=0&size=2', { token: user.token })
    expect(body.pageable).toEqual({ total: 3, current: 0, prev: null, next: 1 })
    expect(body.content[0].text).toContain('(2)')
  })

  it('answers not_found for another user’s appeal', async () => {
    const owner = await createUser()
    const other = await createUser()
    const id = (await createAppeal(owner)).body.content.id
    expect((await call(`/siw/appeal/${id}`, { token: owner.token })).body.content.id).toBe(id)
    const r = await call(`/siw/appeal/${id}`, { token: other.token })
    expect(r.status).toBe(404)
    expect(r.body.result.code).toBe('not_found')
    expect((await call(`/siw/appeal/response?appeal_id=${id}`, { token: other.token })).status).toBe(404)
    expect(
      (await call('/siw/appeal/reply', { token: other.token, body: { appeal_id: id, response: 'hi' } })).status,
    ).toBe(404)
    expect(
      (await call('/siw/appeal/resolved', { token: other.token, body: { appeal_id: id, resolved: true } })).status,
    ).toBe(404)
  })
})

describe('replies and resolution', () => {
  it('refuses reply and resolve while the appeal is in moderation', async () => {
    const user = await createUser()
    const id = (await createAppeal(user)).body.content.id
    const reply = await call('/siw/appeal/reply', { token: user.token, body: { appeal_id: id, response: 'Any news?' } })
    expect(reply.status).toBe(409)
    expect(reply.body.result.code).toBe('invalid_state')
    expect(
      (await call('/siw/appeal/resolved', { token: user.token, body: { appeal_id: id, resolved: true } })).body.result
        .code,
    ).toBe('invalid_state')
  })

  it('moves to reviewed with the moderator’s response and notifies the author', async () => {
    const user = await createUser()
    const id = await createReviewedAppeal(user)
    expect((await call(`/siw/appeal/${id}`, { token: user.token })).body.content.status).toBe('reviewed')
    const types = (await call('/siw/notification', { token: user.token })).body.content.map((n: any) => n.type)
    expect(types).toEqual(expect.arrayContaining(['appeal_forwarded', 'new_appeal_response']))
    const responses = (await call(`/siw/appeal/response?appeal_id=${id}`, { token: user.token })).body
    expect(responses.content).toEqual([
      {
        id: expect.any(Number),
        admin: 'Moderator',
        created: expect.any(String),
        response: 'Forwarded to the Samarkand regional office.',
        owner: false,
      },
    ])
  })

  it('lets the author reply while reviewed, paged oldest first', async () => {
    const user = await createUser()
    const id = await createReviewedAppeal(user)
    const r = await call('/siw/appeal/reply', {
      token: user.token,
      body: { appeal_id: id, response: 'Thank you, I will wait for their call.' },
    })
    expect(r.body.content).toMatchObject({
      admin: null,
      owner: true,
      response: 'Thank you, I will wait for their call.',
    })
    const page = (await call(`/siw/appeal/response?appeal_id=${id}&page=1&size=1`, { token: user.token })).body
    expect(page.pageable).toEqual({ total: 2, current: 1, prev: 0, next: null })
    expect(page.content[0].owner).toBe(true)
  })

  it('resolves once while reviewed, then refuses further replies and resolutions', async () => {
    const user = await createUser()
    const id = await createReviewedAppeal(user)
    const r = await call('/siw/appeal/resolved', {
      token: user.token,
      body: { appeal_id: id, resolved: 'false', reason: 'No call yet.' },
    })
    expect(r.body.content).toMatchObject({ status: 'not_resolved', resolve_reason: 'No call yet.' })
    expect(
      (await call('/siw/appeal/resolved', { token: user.token, body: { appeal_id: id, resolved: true } })).status,
    ).toBe(409)
    expect(
      (await call('/siw/appeal/reply', { token: user.token, body: { appeal_id: id, response: 'Hello?' } })).status,
    ).toBe(409)
  })

  it('notifies new moderator comments on a reviewed appeal', async () => {
    const user = await createUser()
    const id = await createReviewedAppeal(user)
    expect(
      (await moderate({ kind: 'appeal', id, action: 'comment', reply: 'The office will call on Monday.' })).body.result
        .code,
    ).toBe('ok')
    expect((await call('/siw/notification', { token: user.token })).body.content[0].type).toBe('new_appeal_comment')
  })

  it('rejects in moderation with a reason and notifies the author', async () => {
    const user = await createUser()
    const id = (await createAppeal(user)).body.content.id
    await moderate({ kind: 'appeal', id, action: 'reject', reason: 'Duplicate of an earlier appeal.' })
    expect((await call(`/siw/appeal/${id}`, { token: user.token })).body.content).toMatchObject({
      status: 'not_resolved',
      reject_reason: 'Duplicate of an earlier appeal.',
    })
    expect((await call('/siw/notification', { token: user.token })).body.content[0].type).toBe('appeal_rejected')
    expect((await moderate({ kind: 'appeal', id, action: 'review' })).status).toBe(409)
  })

  it('names invalid reply and resolve fields', async () => {
    const user = await createUser()
    expect(
      (await call('/siw/appeal/reply', { token: user.token, body: { appeal_id: 'x', response: '' } })).body.errors,
    ).toEqual(['appeal_id', 'response'])
    expect(
      (await call('/siw/appeal/resolved', { token: user.token, body: { appeal_id: 1, resolved: 'maybe' } })).body
        .errors,
    ).toEqual(['resolved'])
    expect((await call('/siw/appeal/response', { token: user.token })).body.errors).toEqual(['appeal_id'])
  })
})

describe('POST /siw/public/appeal', () => {
  const anonymous = (extra: Record<string, unknown> = {}, ip = uniqueIp()) =>
    call('/siw/public/appeal', {
      ip,
      body: {
        full_name: 'Jamshid Nazarov',
        email: 'jamshid@test.example',
        hash: '',
        topic_id: ids.topicId,
        type_id: ids.typeId,
        region_id: 1703,
        text: TEXT,
        ...extra,
      },
    })

  it('accepts an anonymous appeal with a name and email, and mails a receipt', async () => {
    const email = uniqueEmail('anon')
    const r = await anonymous({ email })
    expect(r.body.content).toMatchObject({ status: 'in_moderation', region: { id: 1703 } })
    const row = await env.DB.prepare('SELECT user_id, full_name, email FROM appeals WHERE id = ?')
      .bind(r.body.content.id)
      .first()
    expect(row).toEqual({ user_id: null, full_name: 'Jamshid Nazarov', email })
    const mail = (await call(`/dev/outbox?email=${email}`)).body.content
    expect(mail[0].subject).toContain(String(r.body.content.id))
  })

  it('mails the moderator’s reply to the anonymous author', async () => {
    const email = uniqueEmail('anon')
    const id = (await anonymous({ email })).body.content.id
    await moderate({ kind: 'appeal', id, action: 'review', reply: 'Please bring your documents to the one-stop shop.' })
    const mail = (await call(`/dev/outbox?email=${email}`)).body.content
    expect(mail[0].text).toContain('one-stop shop')
  })

  it('names missing name and invalid email', async () => {
    expect((await anonymous({ full_name: '', email: 'x@' })).body.errors).toEqual(['full_name', 'email'])
  })

  it('limits anonymous appeals per IP', async () => {
    const ip = uniqueIp()
    await env.DB.prepare('INSERT INTO rate_limits (key, count, window_start_ms) VALUES (?, 20, ?)')
      .bind(`form:appeal:ip:${ip}`, Date.now())
      .run()
    const r = await anonymous({}, ip)
    expect(r.status).toBe(429)
    expect(r.body.result.code).toBe('too_many_attempts')
  })
})
