/** The page-feedback area's SQL: readers' answers stored, listed and tallied for the content area. */
import type { FeedbackAnswer } from '../../../../contract/operators/values'
import type { Paging } from '../../lib/paging'

/** An answer as stored: `useful` 1 or 0. */
export type FeedbackRow = {
  id: number
  path: string
  lang: string
  useful: number
  comment: string
  created_at: string
}

/** Records one answer; answers its id. */
export async function insertFeedback(
  db: D1Database,
  row: { path: string; lang: string; useful: boolean; comment: string; createdAt: string },
): Promise<number> {
  const inserted = await db
    .prepare('INSERT INTO page_feedback (path, lang, useful, comment, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id')
    .bind(row.path, row.lang, row.useful ? 1 : 0, row.comment, row.createdAt)
    .first<{ id: number }>()
  return inserted!.id
}

export type FeedbackFilter = { answer: FeedbackAnswer; path: string }

function whereOf(filter: FeedbackFilter): { sql: string; args: unknown[] } {
  const parts: string[] = []
  const args: unknown[] = []
  if (filter.answer !== 'all') parts.push(`useful = ${filter.answer === 'yes' ? 1 : 0}`)
  if (filter.path) {
    parts.push('path = ?')
    args.push(filter.path)
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args }
}

/** A page of answers matching `filter`, newest first, and how many match. */
export async function listFeedback(
  db: D1Database,
  filter: FeedbackFilter,
  paging: Paging,
): Promise<{ rows: FeedbackRow[]; total: number }> {
  const where = whereOf(filter)
  const [rows, total] = await db.batch([
    db
      .prepare(`SELECT * FROM page_feedback ${where.sql} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
      .bind(...where.args, paging.size, paging.offset),
    db.prepare(`SELECT count(*) AS n FROM page_feedback ${where.sql}`).bind(...where.args),
  ])
  return { rows: (rows!.results ?? []) as FeedbackRow[], total: Number((total!.results?.[0] as { n: number })?.n ?? 0) }
}

/** The pages with the most answers of "no" (then of all), at most `limit`, and every answer's yes and no in all. */
export async function tallyFeedback(
  db: D1Database,
  limit: number,
): Promise<{ pages: { path: string; yes: number; no: number }[]; counts: { yes: number; no: number } }> {
  const [pages, counts] = await db.batch([
    db
      .prepare(
        `SELECT path, sum(useful) AS yes, sum(1 - useful) AS no FROM page_feedback
         GROUP BY path ORDER BY no DESC, count(*) DESC, path LIMIT ?`,
      )
      .bind(limit),
    db.prepare('SELECT coalesce(sum(useful), 0) AS yes, coalesce(sum(1 - useful), 0) AS no FROM page_feedback'),
  ])
  const totals = (counts!.results?.[0] ?? { yes: 0, no: 0 }) as { yes: number; no: number }
  return {
    pages: ((pages!.results ?? []) as { path: string; yes: number; no: number }[]).map((p) => ({
      path: p.path,
      yes: Number(p.yes),
      no: Number(p.no),
    })),
    counts: { yes: Number(totals.yes), no: Number(totals.no) },
  }
}
