/** Who the operators are (docs/gateway-contract.md#operator), mounted at `/core/operator/operators` (admins). */
import { Hono } from 'hono'
import * as v from 'valibot'
import { OPERATOR_ROLES } from '../../../../../contract/operators/values'
import type { AppEnv } from '../../../lib/context'
import { ok } from '../../../lib/envelope'
import { EmailSchema, IdSchema, optionalText, parseInput, readJson } from '../../../lib/validate'
import { addOperator, changeOperatorRole, listOperators, removeOperator } from './operators'

const OperatorRoleSchema = v.picklist(OPERATOR_ROLES)
const ParamsSchema = v.object({ id: IdSchema })
const NewOperatorSchema = v.object({ email: EmailSchema, name: optionalText(100), role: OperatorRoleSchema })
const RoleChangeSchema = v.object({ role: OperatorRoleSchema })

export const operatorPeopleRoutes = new Hono<AppEnv>()

operatorPeopleRoutes.get('/', async (c) => ok(c, await listOperators(c.env.DB)))

operatorPeopleRoutes.post('/', async (c) => {
  const input = parseInput(NewOperatorSchema, await readJson(c))
  return ok(c, await addOperator(c.env.DB, c.get('operator'), input, new Date()))
})

operatorPeopleRoutes.post('/:id/role', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const { role } = parseInput(RoleChangeSchema, await readJson(c))
  return ok(c, await changeOperatorRole(c.env.DB, c.get('operator'), id, role, new Date()))
})

operatorPeopleRoutes.post('/:id/remove', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  await removeOperator(c.env.DB, c.get('operator'), id, new Date())
  return ok(c, { id })
})
