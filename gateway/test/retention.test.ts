/**
 * The daily clean-up (docs/operations.md#retention), run as the cron trigger runs it: the gateway's `scheduled`
 * handler deletes what is past its period and keeps everything else.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { RETENTION } from '../src/areas/retention/retention'
import worker from '../src/index'
import { createUser } from './helpers'

const DAY = 24 * 3600_000
// The real clock: other test files' fresh rows share this database and must survive the run.
const NOW = Date.now()
const ago = (ms: number) => new Date(NOW - ms).toISOString()
const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<number>('n'))!

/** Runs the cron trigger at NOW, as Cloudflare would. */
async function runCron() {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: '30 21 * * *' }), env, ctx)
  await waitOnExecutionContext(ctx)
}

/** A stored upload: an R2 object and its row. */
async function storedFile(id: string, ownerId: number | null): Promise<string> {
  await env.UPLOADS.put(`test/${id}`, 'bytes')
  await env.DB.prepare(
    `INSERT INTO files (id, r2_key, size, file_name, original_name, file_extension, content_type, is_public,
       owner_user_id, created_at, updated_at) VALUES (?, ?, 5, ?, ?, 'pdf', 'application/pdf', 0, ?, ?, ?)`,
  )
    .bind(id, `test/${id}`, `${id}.pdf`, `${id}.pdf`, ownerId, ago(60 * DAY), ago(60 * DAY))
    .run()
  return id
}
const fileExists = async (id: string) =>
  (await env.UPLOADS.head(`test/${id}`)) !== null &&
  (await count('SELECT count(*) AS n FROM files WHERE id = ?', id)) === 1

/** An event that ends at `endsAt`, and an application to it with its passport scan and photo. */
async function applicationWithDocuments(name: string, eventEnds: string | null) {
  let eventId = 900000 + Math.floor(Math.random() * 99999)
  if (eventEnds) {
    await env.DB.prepare('INSERT INTO events (id, date_from, date_to, updated_at) VALUES (?, ?, ?, ?)')
      .bind(eventId, eventEnds, eventEnds, eventEnds)
      .run()
  } else eventId = 999999999
  const app = await env.DB.prepare(
    `INSERT INTO event_applications (event_id, role, first_name, last_name, birth_date, gender, email, phone, passport,
       country_id, address, birthplace, organization, position, lang, created_at)
     VALUES (?, 'guest', 'A', 'B', '1990-01-01', 'male', 'a@b.example', '998901234567', 'AA1234567', 1, 'x', 'y', 'z',
       'p', 'en', ?) RETURNING id`,
  )
    .bind(eventId, ago(60 * DAY))
    .first<{ id: number }>()
  const passport = await storedFile(`${name}-passport`, null)
  const photo = await storedFile(`${name}-photo`, null)
  await env.DB.prepare(
    'INSERT INTO event_application_documents (application_id, passport_file_id, image_file_id, created_at) VALUES (?, ?, ?, ?)',
  )
    .bind(app!.id, passport, photo, ago(60 * DAY))
    .run()
  return { passport, photo }
}

/** A project proposal in `state`, last changed `updatedAgo` ago, with an image and a presentation. */
async function projectWithFiles(name: string, state: string, updatedAgo: number) {
  const user = await createUser({ role: 'businessmen' })
  const upload = await storedFile(`${name}-image`, user.id)
  const presentation = await storedFile(`${name}-deck`, user.id)
  const row = await env.DB.prepare(
    `INSERT INTO personal_projects (user_id, category_id, sector_id, region_id, budget, status, state, upload_file_id,
       presentation_en_file_id, created_at, updated_at)
     VALUES (?, 1, 1, 1, 1000, 'open_for_investment', ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(user.id, state, upload, presentation, ago(updatedAgo + DAY), ago(updatedAgo))
    .first<{ id: number }>()
  return { id: row!.id, upload, presentation }
}

describe('the daily clean-up (cron trigger)', () => {
  it('deletes counters, mail, links, codes and sessions past their periods, and keeps the rest', async () => {
    const user = await createUser()
    const db = env.DB
    await db.batch([
      db
        .prepare('INSERT INTO rate_limits (key, count, window_start_ms) VALUES (?, 1, ?), (?, 1, ?)')
        .bind('old-window', NOW - RETENTION.rateLimitsMs - 1, 'open-window', NOW - 3600_000),
      db
        .prepare(
          `INSERT INTO outbox (to_email, subject, text, html, status, sent_at, created_at, updated_at) VALUES
           ('old-sent@x.example', 's', 't', 'h', 'sent', ?1, ?1, ?1),
           ('new-sent@x.example', 's', 't', 'h', 'sent', ?2, ?2, ?2),
           ('old-failed@x.example', 's', 't', 'h', 'failed', NULL, ?1, ?1),
           ('old-queued@x.example', 's', 't', 'h', 'queued', NULL, ?1, ?1)`,
        )
        .bind(ago(RETENTION.sentMailMs + DAY), ago(DAY)),
      db
        .prepare(
          `INSERT INTO reset_links (uuid, user_id, token_hash, time, expires_at, used_at, created_at) VALUES
           (?1, ?3, 'h', '1', ?4, NULL, ?4), (?2, ?3, 'h', '1', ?5, NULL, ?6)`,
        )
        .bind(
          crypto.randomUUID(),
          crypto.randomUUID(),
          user.id,
          ago(RETENTION.passwordLinksMs + DAY),
          new Date(NOW + 3600_000).toISOString(),
          ago(0),
        ),
      db
        .prepare(
          `INSERT INTO oneid_codes (code_hash, user_id, role, expires_at, created_at) VALUES
           ('old-code', ?1, 'investor', ?2, ?2), ('new-code', ?1, 'investor', ?3, ?3)`,
        )
        .bind(user.id, ago(RETENTION.oneIdCodesMs + DAY), new Date(NOW + 60_000).toISOString()),
      db
        .prepare(
          `INSERT INTO tokens (user_id, token_hash, created_at, expires_at, last_used_at, revoked_at) VALUES
           (?1, 'revoked-long-ago', ?2, ?4, ?3, ?2), (?1, 'live', ?3, ?4, ?3, NULL)`,
        )
        .bind(user.id, ago(RETENTION.tokensMs + DAY), ago(DAY), new Date(NOW + 20 * DAY).toISOString()),
      db
        .prepare(
          `INSERT INTO trusted_devices (token_hash, user_id, created_at, expires_at) VALUES
           ('expired-device', ?1, ?2, ?3), ('live-device', ?1, ?2, ?4)`,
        )
        .bind(user.id, ago(100 * DAY), ago(DAY), new Date(NOW + DAY).toISOString()),
    ])

    await runCron()

    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key IN ('old-window', 'open-window')")).toBe(1)
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key = 'open-window'")).toBe(1)
    const mail = await db
      .prepare("SELECT to_email FROM outbox WHERE to_email LIKE '%@x.example' ORDER BY to_email")
      .all()
    expect(mail.results.map((r) => r.to_email)).toEqual(['new-sent@x.example', 'old-queued@x.example'])
    expect(await count('SELECT count(*) AS n FROM reset_links WHERE user_id = ?', user.id)).toBe(1)
    expect(await count("SELECT count(*) AS n FROM oneid_codes WHERE code_hash IN ('old-code', 'new-code')")).toBe(1)
    expect(await count("SELECT count(*) AS n FROM tokens WHERE token_hash = 'live'")).toBe(1)
    expect(await count("SELECT count(*) AS n FROM tokens WHERE token_hash = 'revoked-long-ago'")).toBe(0)
    expect(await count("SELECT count(*) AS n FROM trusted_devices WHERE token_hash LIKE '%-device'")).toBe(1)
  })

  it('deletes the passport scans of events over for 30 days or withdrawn, and keeps those of coming events', async () => {
    const over = await applicationWithDocuments('over', ago(RETENTION.eventDocumentsMs + DAY))
    const withdrawn = await applicationWithDocuments('withdrawn', null)
    const recent = await applicationWithDocuments('recent', ago(10 * DAY))
    const coming = await applicationWithDocuments('coming', new Date(NOW + 5 * DAY).toISOString())

    await runCron()

    for (const id of [over.passport, over.photo, withdrawn.passport, withdrawn.photo])
      expect(await fileExists(id), id).toBe(false)
    for (const id of [recent.passport, recent.photo, coming.passport, coming.photo])
      expect(await fileExists(id), id).toBe(true)
    expect(
      await count('SELECT count(*) AS n FROM event_application_documents WHERE passport_file_id = ?', over.passport),
    ).toBe(0)
  })

  it('deletes the uploads of proposals rejected 90 days ago, and keeps those still in play', async () => {
    const rejected = await projectWithFiles('rejected-long-ago', 'rejected', RETENTION.rejectedProjectFilesMs + DAY)
    const lately = await projectWithFiles('rejected-lately', 'rejected', 10 * DAY)
    const pending = await projectWithFiles('pending-long', 'pending', 200 * DAY)

    await runCron()

    expect(await fileExists(rejected.upload)).toBe(false)
    expect(await fileExists(rejected.presentation)).toBe(false)
    const row = await env.DB.prepare(
      'SELECT upload_file_id, presentation_en_file_id, state FROM personal_projects WHERE id = ?',
    )
      .bind(rejected.id)
      .first()
    expect(row).toEqual({ upload_file_id: null, presentation_en_file_id: null, state: 'rejected' })
    for (const p of [lately, pending]) {
      expect(await fileExists(p.upload)).toBe(true)
      expect(await fileExists(p.presentation)).toBe(true)
    }
  })

  it('deletes editors’ uploads no item names 30 days after their upload, and keeps those named or recent', async () => {
    const upload = async (id: string, uploadedAgo: number) => {
      await env.UPLOADS.put(`content/${id}.png`, 'bytes')
      await env.DB.prepare(
        `INSERT INTO files (id, r2_key, size, file_name, original_name, file_extension, content_type, is_public,
           owner_user_id, created_at, updated_at) VALUES (?, ?, 5, ?, ?, 'png', 'image/png', 1, NULL, ?, ?)`,
      )
        .bind(id, `content/${id}.png`, `${id}.png`, `${id}.png`, ago(uploadedAgo), ago(uploadedAgo))
        .run()
      return id
    }
    const old = RETENTION.orphanedUploadsMs + DAY
    const orphan = await upload('orphanedUpload01', old)
    const inField = await upload('namedInField0001', old)
    const inText = await upload('namedInRichText1', old)
    const recent = await upload('recentUpload0001', 2 * DAY)
    await env.DB.prepare(
      `INSERT INTO posts (category, publish_date, title_en, content_ru, photo, updated_at, publication)
       VALUES ('news', '2026-01-01', 'Named', ?, ?, ?, 'draft')`,
    )
      .bind(
        `<figure><img src="/gateway/document/public/file/${inText}" alt="x"></figure>`,
        `file:${inField}:5:png`,
        ago(old),
      )
      .run()

    await runCron()

    const stored = async (id: string) =>
      (await env.UPLOADS.head(`content/${id}.png`)) !== null &&
      (await count('SELECT count(*) AS n FROM files WHERE id = ?', id)) === 1
    expect(await stored(orphan)).toBe(false)
    for (const kept of [inField, inText, recent]) expect(await stored(kept), kept).toBe(true)
  })
})
