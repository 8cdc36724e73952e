/** The personal area's SQL: the user's projects with their budgets and files, and the personal services. */
import type { Locale } from '../../../../contract/locales'
import type { DecisionState } from '../../../../contract/operators/values'
import { placeholders, runWith } from '../../lib/db'
import { col } from '../../lib/lang'

/** A personal project as stored. */
export type ProjectRow = {
  id: number
  user_id: number
  title_uz: string
  title_ru: string
  title_en: string
  content_uz: string
  content_ru: string
  content_en: string
  category_id: number
  sector_id: number
  region_id: number
  budget: number
  status: string
  latitude: number | null
  longitude: number | null
  phone: string
  email: string
  state: DecisionState
  reject_reason: string | null
  draft: number
  visible: number
  upload_file_id: string | null
  presentation_uz_file_id: string | null
  presentation_ru_file_id: string | null
  presentation_en_file_id: string | null
  created_at: string
  updated_at: string
}

/** The columns a project form writes, in one language each where localised. */
export type ProjectColumns = {
  title: Record<Locale, string>
  content: Record<Locale, string>
  category_id: number
  sector_id: number
  region_id: number
  budget: number
  status: string
  latitude: number | null
  longitude: number | null
  phone: string
  email: string
  draft: boolean
}

const projectArgs = (p: ProjectColumns) => [
  p.title.uz,
  p.title.ru,
  p.title.en,
  p.content.uz,
  p.content.ru,
  p.content.en,
  p.category_id,
  p.sector_id,
  p.region_id,
  p.budget,
  p.status,
  p.latitude,
  p.longitude,
  p.phone,
  p.email,
  p.draft ? 1 : 0,
]

/** A user's own project, or null (another user's looks the same as a missing one). */
export async function readOwnProjectRow(db: D1Database, id: number, userId: number): Promise<ProjectRow | null> {
  return db.prepare('SELECT * FROM personal_projects WHERE id = ? AND user_id = ?').bind(id, userId).first<ProjectRow>()
}

/** Deletes a user's project that is not approved (and its budget rows); false when it is approved, or not theirs. */
export async function deleteUnapprovedProject(db: D1Database, id: number, userId: number): Promise<boolean> {
  const deleted = await db
    .prepare("DELETE FROM personal_projects WHERE id = ? AND user_id = ? AND state <> 'approved'")
    .bind(id, userId)
    .run()
  // `changes` counts the budget rows the cascade deleted too.
  return deleted.meta.changes > 0
}

/** How many projects a user has. */
export async function countUserProjects(db: D1Database, userId: number): Promise<number> {
  const n = await db
    .prepare('SELECT count(*) AS n FROM personal_projects WHERE user_id = ?')
    .bind(userId)
    .first<number>('n')
  return n ?? 0
}

/** A page of a user's projects, newest first. */
export async function listUserProjects(db: D1Database, userId: number, page: { size: number; offset: number }) {
  const { results } = await db
    .prepare('SELECT * FROM personal_projects WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?')
    .bind(userId, page.size, page.offset)
    .all<ProjectRow>()
  return results
}

/** The budget lines of some projects, in their order. */
export async function listBudgets(db: D1Database, projectIds: number[]) {
  if (projectIds.length === 0) return []
  const { results } = await db
    .prepare(
      `SELECT id, project_id, sum FROM personal_project_budgets WHERE project_id IN (${placeholders(projectIds.length)}) ORDER BY id`,
    )
    .bind(...projectIds)
    .all<{ id: number; project_id: number; sum: number }>()
  return results
}

/** Records a user's project with its budget lines; answers its id. */
export async function insertProject(
  db: D1Database,
  userId: number,
  project: ProjectColumns,
  budgets: readonly number[],
  now: Date,
): Promise<number> {
  const at = now.toISOString()
  const row = await db
    .prepare(
      `INSERT INTO personal_projects (title_uz, title_ru, title_en, content_uz, content_ru, content_en, category_id, sector_id,
         region_id, budget, status, latitude, longitude, phone, email, draft, user_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(...projectArgs(project), userId, at, at)
    .first<{ id: number }>()
  const id = row!.id
  if (budgets.length) {
    await db.batch(
      budgets.map((sum) =>
        db
          .prepare('INSERT INTO personal_project_budgets (project_id, sum, created_at) VALUES (?, ?, ?)')
          .bind(id, sum, at),
      ),
    )
  }
  return id
}

/** The ids of a project's budget lines. */
export async function listBudgetIds(db: D1Database, projectId: number): Promise<number[]> {
  const { results } = await db
    .prepare('SELECT id FROM personal_project_budgets WHERE project_id = ?')
    .bind(projectId)
    .all<{ id: number }>()
  return results.map((b) => b.id)
}

/**
 * Saves a user's project, sending it back to moderation, with its budget lines: `budgets` with an id are changed,
 * without one added, and `deleted` removed, in one transaction.
 */
export async function updateProject(
  db: D1Database,
  ids: { id: number; userId: number },
  project: ProjectColumns,
  lines: { budgets: readonly { id?: number | null; sum: number }[]; deleted: readonly number[] },
  now: Date,
): Promise<void> {
  const { id } = ids
  const at = now.toISOString()
  await db.batch([
    db
      .prepare(
        `UPDATE personal_projects SET title_uz = ?, title_ru = ?, title_en = ?, content_uz = ?, content_ru = ?, content_en = ?,
           category_id = ?, sector_id = ?, region_id = ?, budget = ?, status = ?, latitude = ?, longitude = ?, phone = ?, email = ?,
           draft = ?, state = 'pending', reject_reason = NULL, updated_at = ? WHERE id = ? AND user_id = ?`,
      )
      .bind(...projectArgs(project), at, id, ids.userId),
    ...lines.deleted.map((b) =>
      db.prepare('DELETE FROM personal_project_budgets WHERE id = ? AND project_id = ?').bind(b, id),
    ),
    ...lines.budgets.map((b) =>
      b.id
        ? db
            .prepare('UPDATE personal_project_budgets SET sum = ? WHERE id = ? AND project_id = ?')
            .bind(b.sum, b.id, id)
        : db
            .prepare('INSERT INTO personal_project_budgets (project_id, sum, created_at) VALUES (?, ?, ?)')
            .bind(id, b.sum, at),
    ),
  ])
}

/** Shows a project in the catalogue or hides it. */
export async function setProjectVisible(db: D1Database, id: number, visible: boolean, now: Date): Promise<void> {
  await db
    .prepare('UPDATE personal_projects SET visible = ?, updated_at = ? WHERE id = ?')
    .bind(visible ? 1 : 0, now.toISOString(), id)
    .run()
}

/** The file column of a project's image (`upload`) or of its presentation in a language. */
export type ProjectFileSlot = 'upload' | `presentation_${Locale}`

/** Points a project's image or presentation at a stored file. */
export async function setProjectFile(
  db: D1Database,
  id: number,
  slot: ProjectFileSlot,
  fileId: string,
  now: Date,
): Promise<void> {
  await db
    .prepare(`UPDATE personal_projects SET ${slot}_file_id = ?, updated_at = ? WHERE id = ?`)
    .bind(fileId, now.toISOString(), id)
    .run()
}

/** What a decision needs of a project: whose it is, its state and its title in every language. */
export async function readProjectForDecision(db: D1Database, id: number) {
  return db
    .prepare('SELECT id, user_id, state, draft, title_uz, title_ru, title_en FROM personal_projects WHERE id = ?')
    .bind(id)
    .first<{ id: number; user_id: number; state: DecisionState; draft: number } & Record<`title_${Locale}`, string>>()
}

/** Approves or rejects a submitted project; false when it no longer waits for moderation. */
export async function decideProjectRow(
  db: D1Database,
  id: number,
  decision: { state: 'approved' | 'rejected'; reason: string | null },
  now: Date,
  also: readonly D1PreparedStatement[] = [],
): Promise<boolean> {
  const decide = db
    .prepare(
      "UPDATE personal_projects SET state = ?, reject_reason = ?, updated_at = ? WHERE id = ? AND state = 'pending' AND draft = 0",
    )
    .bind(decision.state, decision.reason, now.toISOString(), id)
  return (await runWith(db, decide, also)) === 1
}

/** A personal service in the request's language. */
export type ServiceRow = {
  id: number
  type: string
  title: string
  description: string
  handler: string | null
  params_json: string
}

const serviceSelect = (lang: Locale) =>
  `SELECT id, type, ${col('title', lang)}, ${col('description', lang)}, handler, params_json FROM personal_services`

/** The personal services, of one type or all. */
export async function listPersonalServices(db: D1Database, lang: Locale, type: string | undefined) {
  const stmt = db.prepare(`${serviceSelect(lang)} ${type ? 'WHERE type = ?' : ''} ORDER BY id`)
  const { results } = await (type ? stmt.bind(type) : stmt).all<ServiceRow>()
  return results
}

export async function readPersonalService(db: D1Database, id: number, lang: Locale): Promise<ServiceRow | null> {
  return db
    .prepare(`${serviceSelect(lang)} WHERE id = ?`)
    .bind(id)
    .first<ServiceRow>()
}

/** The account's own record: its identifiers and company as its profile has them. */
export async function readAccountRecord(db: D1Database, userId: number) {
  return db
    .prepare('SELECT tin, pin, company_name, legal_address, name, surname FROM profiles WHERE user_id = ?')
    .bind(userId)
    .first<{ tin: string; pin: string; company_name: string; legal_address: string; name: string; surname: string }>()
}
