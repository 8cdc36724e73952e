/** `/siw/personal/*`: the signed-in user's investment projects and personal services. */
import { Hono } from 'hono'
import * as v from 'valibot'
import { readConfig } from '../../lib/config'
import { type AppEnv, requestScope } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { pageable, readPaging } from '../../lib/paging'
import {
  BoolSchema,
  failValidation,
  IdSchema,
  parseInput,
  parseInputAsync,
  readJson,
  readQuery,
} from '../../lib/validate'
import { requireUser } from '../auth/tokens'
import { deleteFiles } from '../documents/files'
import { createNotification, notificationLinks } from '../notifications/notify'
import { projectSchema, readOwnProject, readProjectView, toProjectColumns, toProjectViews } from './projects'
import {
  countUserProjects,
  deleteUnapprovedProject,
  insertProject,
  listBudgetIds,
  listUserProjects,
  setProjectVisible,
  updateProject,
} from './queries'
import { personalServiceRoutes } from './services'

/** The `/siw/personal/*` routes, mounted at `/siw/personal`. */
export const personalRoutes = new Hono<AppEnv>()

personalRoutes.use('*', requireUser)

personalRoutes.get('/project', async (c) => {
  const db = c.env.DB
  const userId = c.get('user').id
  const paging = readPaging(readQuery(c))
  const total = await countUserProjects(db, userId)
  const rows = await listUserProjects(db, userId, paging)
  return ok(c, await toProjectViews(db, rows, readConfig(c.env).publicBase), pageable(paging, total))
})

personalRoutes.get('/project/:id{[0-9]+}', async (c) => {
  return ok(c, await readProjectView(c, parseInput(IdSchema, c.req.param('id'))))
})

personalRoutes.post('/project', async (c) => {
  const db = c.env.DB
  const input = await parseInputAsync(projectSchema(db), await readJson(c))
  if (input.deleted_budgets.length) failValidation(['deleted_budgets'])
  if (input.budgets.some((b) => b.id)) failValidation(['budgets'])
  const columns = await toProjectColumns(input, readConfig(c.env).portalOrigin)
  const user = c.get('user')
  const now = new Date()
  const budgets = input.budgets.map((b) => b.sum)
  const id = await insertProject(db, user.id, columns, budgets, now)
  if (!input.draft) {
    const link = notificationLinks.project(id)
    await createNotification(requestScope(c), db, user.id, 'new_project', input.title, link, now)
  }
  return ok(c, await readProjectView(c, id))
})

personalRoutes.put('/project', async (c) => {
  const db = c.env.DB
  const { id } = parseInput(v.object({ id: IdSchema }), readQuery(c))
  const input = await parseInputAsync(projectSchema(db), await readJson(c))
  const project = await readOwnProject(c, id)
  // A submitted project is frozen while the moderator looks at it; drafts stay editable.
  if (project.state === 'pending' && project.draft === 0) throw new GatewayError(409, 'invalid_state')
  const own = new Set(await listBudgetIds(db, id))
  const badBudgets = input.budgets.flatMap((b, i) => (b.id && !own.has(b.id) ? [`budgets.${i}.id`] : []))
  const badDeletes = input.deleted_budgets.flatMap((b, i) => (own.has(b) ? [] : [`deleted_budgets.${i}`]))
  if (badBudgets.length || badDeletes.length) failValidation([...badBudgets, ...badDeletes])
  const columns = await toProjectColumns(input, readConfig(c.env).portalOrigin)
  const now = new Date()
  const userId = c.get('user').id
  await updateProject(db, { id, userId }, columns, { budgets: input.budgets, deleted: input.deleted_budgets }, now)
  if (!input.draft) {
    const link = notificationLinks.project(id)
    await createNotification(requestScope(c), db, userId, 'update_project', input.title, link, now)
  }
  return ok(c, await readProjectView(c, id))
})

personalRoutes.post('/project/set-visible/:id{[0-9]+}', async (c) => {
  const id = parseInput(IdSchema, c.req.param('id'))
  const { visible } = parseInput(v.object({ visible: v.optional(BoolSchema) }), readQuery(c))
  const project = await readOwnProject(c, id)
  await setProjectVisible(c.env.DB, id, visible ?? project.visible !== 1, new Date())
  return ok(c, await readProjectView(c, id))
})

/**
 * Withdraws a proposal in moderation or rejected (docs/gateway-contract.md#personal-projects): it is deleted with its
 * uploads. An approved project is the agency's listing by now: 409 `invalid_state` (it can be hidden instead).
 */
personalRoutes.post('/project/withdraw/:id{[0-9]+}', async (c) => {
  const id = parseInput(IdSchema, c.req.param('id'))
  const project = await readOwnProject(c, id)
  if (project.state === 'approved') throw new GatewayError(409, 'invalid_state')
  if (!(await deleteUnapprovedProject(c.env.DB, id, c.get('user').id))) throw new GatewayError(409, 'invalid_state')
  await deleteFiles(c.env, [
    project.upload_file_id,
    project.presentation_uz_file_id,
    project.presentation_ru_file_id,
    project.presentation_en_file_id,
  ])
  return ok(c, { id })
})

personalRoutes.route('/service', personalServiceRoutes)
