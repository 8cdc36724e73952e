/**
 * Push through FCM against the local stand-in for Google (`test/fcm-stand-in.ts`): the gateway's real FCM client mints
 * its access token with a service account generated here, and the stand-in checks the signature, the bearer and each
 * message's shape.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { issueToken } from '../src/areas/auth/tokens'
import app from '../src/index'
import { call, createUser, ensureSeeded, readTopicAndType, type TestUser } from './helpers'

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExportsInTest: a declaration merged into vitest's types, not an export of the test.
  export interface ProvidedContext {
    fcmStandIn: { origin: string }
  }
}

const standIn = inject('fcmStandIn')

type Records = {
  tokenRequests: number
  messages: { bearer: string; message: any; answer: number }[]
  rejections: string[]
}

const pem = (label: string, der: ArrayBuffer) => {
  const b64 = btoa(String.fromCharCode(...new Uint8Array(der)))
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`
}

/** A fresh service account: its key pair made here, its public key handed to the stand-in. */
async function createServiceAccount(
  options: {
    expiresIn?: number
    unregistered?: string[]
    invalid?: string[]
    tokenDelayMs?: number
    projectId?: string
  } = {},
) {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair
  const clientEmail = `push-${crypto.randomUUID().slice(0, 8)}@invest-portal-test.iam.gserviceaccount.com`
  const projectId = 'invest-portal-test'
  const res = await fetch(`${standIn.origin}/__control/accounts`, {
    method: 'PUT',
    body: JSON.stringify({
      client_email: clientEmail,
      project_id: projectId,
      public_key: pem('PUBLIC KEY', (await crypto.subtle.exportKey('spki', pair.publicKey)) as ArrayBuffer),
      expires_in: options.expiresIn,
      unregistered: options.unregistered,
      invalid: options.invalid,
      token_delay_ms: options.tokenDelayMs,
    }),
  })
  expect(res.status).toBe(200)
  const keyFile = {
    type: 'service_account',
    project_id: options.projectId ?? projectId,
    private_key_id: 'test-key',
    private_key: pem('PRIVATE KEY', (await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer),
    client_email: clientEmail,
  }
  return {
    env: {
      FCM_SERVICE_ACCOUNT: JSON.stringify(keyFile),
      FCM_ENDPOINT: standIn.origin,
      FCM_TOKEN_ENDPOINT: `${standIn.origin}/token`,
    },
    records: async () =>
      (await (
        await fetch(`${standIn.origin}/__control/accounts/${encodeURIComponent(clientEmail)}`)
      ).json()) as Records,
  }
}

const deviceToken = (label: string) => `${label}:APA91b${crypto.randomUUID().replaceAll('-', '')}`

async function registerDevice(user: TestUser, token: string, lang: string) {
  const r = await call(`/core/profile/fcm-token?fcm_token=${encodeURIComponent(token)}`, {
    method: 'POST',
    token: user.token,
    lang,
  })
  expect(r.body.result.code).toBe('ok')
}

async function devicesOf(user: TestUser) {
  const { results } = await env.DB.prepare('SELECT token, lang FROM fcm_tokens WHERE user_id = ? ORDER BY token')
    .bind(user.id)
    .all<{ token: string; lang: string }>()
  return results
}

let ids: Awaited<ReturnType<typeof readTopicAndType>>

beforeAll(async () => {
  await ensureSeeded()
  ids = await readTopicAndType()
})

/** Creates an appeal as the user (a `new_appeal` notification), with the given configuration. */
async function createAppeal(user: TestUser, pushEnv: Record<string, string>, extra: { unsettled?: boolean } = {}) {
  const r = await call('/siw/appeal', {
    token: user.token,
    env: pushEnv,
    body: {
      topic_id: ids.topicId,
      type_id: ids.typeId,
      region_id: 1718,
      text: 'How are customs duties on imported machinery calculated?',
    },
    ...extra,
  })
  expect(r.status).toBe(200)
  return r.body.content.id as number
}

async function newestNotificationId(user: TestUser) {
  return (await call('/siw/notification?size=1', { token: user.token })).body.content[0].id as number
}

describe('push through FCM', () => {
  it('sends a new notification to each of the user’s devices, in the language that device turned push on in', async () => {
    const account = await createServiceAccount()
    const user = await createUser()
    const bystander = await createUser()
    const ru = deviceToken('ru')
    const uz = deviceToken('uz')
    await registerDevice(user, ru, 'ru')
    await registerDevice(user, uz, 'uz')
    await registerDevice(bystander, deviceToken('other'), 'en')

    const appealId = await createAppeal(user, account.env)
    const notificationId = String(await newestNotificationId(user))

    const { messages, rejections, tokenRequests } = await account.records()
    expect(rejections).toEqual([])
    expect(tokenRequests).toBe(1)
    const byToken = Object.fromEntries(messages.map((m) => [m.message.token, m.message]))
    expect(Object.keys(byToken).sort()).toEqual([ru, uz].sort())
    expect(byToken[ru]).toEqual({
      token: ru,
      notification: {
        title: 'Обращение зарегистрировано',
        body: `Ваше обращение № ${appealId} зарегистрировано и отправлено на модерацию.`,
      },
      data: { link: `/ru/profile/appeals/${appealId}`, type: 'new_appeal', id: notificationId, lang: 'ru' },
    })
    expect(byToken[uz]).toEqual({
      token: uz,
      notification: {
        title: 'Murojaat roʻyxatga olindi',
        body: expect.stringContaining(`№ ${appealId} murojaatingiz`),
      },
      data: { link: `/uz/profile/appeals/${appealId}`, type: 'new_appeal', id: notificationId, lang: 'uz' },
    })
  })

  it('gives FCM the page to open as an HTTPS URL under the device’s language when the portal is served over HTTPS', async () => {
    const account = await createServiceAccount()
    const user = await createUser()
    const token = deviceToken('https')
    await registerDevice(user, token, 'ru')
    const appealId = await createAppeal(user, {
      ...account.env,
      PORTAL_ORIGIN: 'https://invest.example',
      DEV_MODE: '0',
    })
    const [sent] = (await account.records()).messages
    expect(sent!.message.webpush).toEqual({
      fcm_options: { link: `https://invest.example/ru/profile/appeals/${appealId}` },
    })
  })

  it('asks Google for one access token and reuses it for later notifications and devices', async () => {
    const account = await createServiceAccount()
    const user = await createUser()
    await registerDevice(user, deviceToken('a'), 'en')
    await registerDevice(user, deviceToken('b'), 'en')
    await createAppeal(user, account.env)
    await createAppeal(user, account.env)
    // Review by the moderator: two notifications in one request.
    const appealId = await createAppeal(user, account.env)
    const r = await call('/dev/moderate', {
      method: 'POST',
      env: account.env,
      body: { kind: 'appeal', id: appealId, action: 'review', reply: 'Forwarded to the customs committee.' },
    })
    expect(r.status).toBe(200)

    const { tokenRequests, messages, rejections } = await account.records()
    expect(rejections).toEqual([])
    expect(tokenRequests).toBe(1)
    expect(messages.map((m) => m.message.data.type).sort()).toEqual(
      [
        'appeal_forwarded',
        'appeal_forwarded',
        'new_appeal',
        'new_appeal',
        'new_appeal',
        'new_appeal',
        'new_appeal',
        'new_appeal',
        'new_appeal_response',
        'new_appeal_response',
      ].sort(),
    )
    expect(new Set(messages.map((m) => m.bearer)).size).toBe(1)
  })

  it('asks for a new access token when the cached one is about to expire', async () => {
    // Two minutes of life: inside the margin the gateway keeps before expiry, so each send needs a new token.
    const account = await createServiceAccount({ expiresIn: 120 })
    const user = await createUser()
    await registerDevice(user, deviceToken('short'), 'en')
    await createAppeal(user, account.env)
    await createAppeal(user, account.env)
    const { tokenRequests, messages } = await account.records()
    expect(tokenRequests).toBe(2)
    expect(new Set(messages.map((m) => m.bearer)).size).toBe(2)
  })

  it('deletes the device tokens FCM reports as unregistered or invalid, and keeps the others', async () => {
    const gone = deviceToken('gone')
    const invalid = deviceToken('invalid')
    const live = deviceToken('live')
    const account = await createServiceAccount({ unregistered: [gone], invalid: [invalid] })
    const user = await createUser()
    for (const token of [gone, invalid, live]) await registerDevice(user, token, 'en')

    await createAppeal(user, account.env)
    expect((await devicesOf(user)).map((d) => d.token)).toEqual([live])
    const answers = Object.fromEntries((await account.records()).messages.map((m) => [m.message.token, m.answer]))
    expect(answers).toEqual({ [gone]: 404, [invalid]: 400, [live]: 200 })

    await createAppeal(user, account.env)
    expect((await account.records()).messages.filter((m) => m.message.token === gone)).toHaveLength(1)
  })

  it('keeps the devices when FCM refuses the sender rather than the token', async () => {
    // A service account of another project: FCM answers 403 PERMISSION_DENIED for every message.
    const account = await createServiceAccount({ projectId: 'some-other-project' })
    const user = await createUser()
    const token = deviceToken('kept')
    await registerDevice(user, token, 'en')
    await createAppeal(user, account.env)
    expect((await account.records()).rejections).toEqual(['send: project some-other-project'])
    expect((await devicesOf(user)).map((d) => d.token)).toEqual([token])
  })

  it('stops sending to a device once the session that turned push on there signs out', async () => {
    const account = await createServiceAccount()
    const user = await createUser()
    const laptop = { ...user, token: await issueToken(env.DB, user.id, new Date()) }
    const shared = deviceToken('shared-computer')
    const own = deviceToken('own-laptop')
    await registerDevice(user, shared, 'en')
    await registerDevice(laptop, own, 'en')
    expect((await call('/core/auth/logout', { method: 'POST', token: user.token })).status).toBe(200)

    await createAppeal(laptop, account.env)
    expect((await account.records()).messages.map((m) => m.message.token)).toEqual([own])
  })

  it('answers the request that created the notification before the push is sent', async () => {
    const account = await createServiceAccount({ tokenDelayMs: 1500 })
    const user = await createUser()
    await registerDevice(user, deviceToken('slow'), 'en')
    const body = JSON.stringify({
      topic_id: ids.topicId,
      type_id: ids.typeId,
      region_id: 1718,
      text: 'Which documents does a foreign investor need for a land lease?',
    })
    const request = new Request('http://gateway.test/siw/appeal', {
      method: 'POST',
      body,
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'accept-language': 'en',
        'cf-connecting-ip': '10.9.9.9',
      },
    })
    const ctx = createExecutionContext()
    const started = Date.now()
    const res = await app.fetch(request, { ...env, ...account.env } as Env, ctx)
    expect(res.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(1500)
    expect((await account.records()).messages).toHaveLength(0)
    await waitOnExecutionContext(ctx)
    expect((await account.records()).messages).toHaveLength(1)
  })

  it('sends nothing at all without a service account', async () => {
    const prefix = `/no-credentials-${crypto.randomUUID()}`
    const user = await createUser()
    await registerDevice(user, deviceToken('off'), 'en')
    await createAppeal(user, {
      FCM_SERVICE_ACCOUNT: '',
      FCM_ENDPOINT: `${standIn.origin}${prefix}`,
      FCM_TOKEN_ENDPOINT: `${standIn.origin}${prefix}/token`,
    })
    expect((await call('/siw/notification', { token: user.token })).body.content).toHaveLength(1)
    const log = (await (await fetch(`${standIn.origin}/__control/log?prefix=${prefix}`)).json()) as string[]
    expect(log).toEqual([])
  })

  it('stores the notification and answers normally when the service account is unusable', async () => {
    const user = await createUser()
    await registerDevice(user, deviceToken('broken'), 'en')
    const broken: Record<string, string> = {
      FCM_SERVICE_ACCOUNT: '{"client_email": "not json',
      FCM_ENDPOINT: standIn.origin,
    }
    const r = await call('/siw/appeal', {
      token: user.token,
      env: broken,
      body: {
        topic_id: ids.topicId,
        type_id: ids.typeId,
        region_id: 1718,
        text: 'Is there a special tax regime for free economic zones?',
      },
    })
    expect(r.status).toBe(200)
    expect((await call('/siw/notification', { token: user.token })).body.content).toHaveLength(1)
    // Push is off, nothing else: sign-in, forms and content read the same configuration and keep working.
    const contact = {
      name: 'Omar',
      last_name: 'Haddad',
      email: 'omar@test.example',
      phone: '971501234567',
      message: 'Interested in logistics hubs near Tashkent.',
      purpose: 'other',
      hash: '',
    }
    expect((await call('/siw/public/contact-us', { body: contact, env: broken })).status).toBe(200)
    expect((await call('/core/auth?role=investor&state=x', { env: broken })).status).toBe(200)
  })
})

describe('POST /core/profile/fcm-token and push devices', () => {
  it('records the language the device registered in, and updates it when the device registers again', async () => {
    const user = await createUser()
    const token = deviceToken('lang')
    await registerDevice(user, token, 'uz')
    expect(await devicesOf(user)).toEqual([{ token, lang: 'uz' }])
    await registerDevice(user, token, 'ru')
    expect(await devicesOf(user)).toEqual([{ token, lang: 'ru' }])
  })

  it('keeps the ten most recently registered devices of a user', async () => {
    const user = await createUser()
    const tokens = Array.from({ length: 12 }, (_, i) => deviceToken(`d${String(i).padStart(2, '0')}`))
    for (const token of tokens) await registerDevice(user, token, 'en')
    expect((await devicesOf(user)).map((d) => d.token)).toEqual(tokens.slice(2).sort())
  })
})
