/** The admin's operators (docs/gateway-contract.md#operator): the list, and an operator added, re-roled or removed. */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { OperatorListSchema, OperatorRemovedSchema, OperatorSchema } from '../../../../contract/operators/operators'
import { OPERATOR_ROLES } from '../../../../contract/operators/values'
import { gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { translator } from '../../i18n'
import { paths } from '../../paths'
import {
  type Ctx,
  checkForm,
  idOf,
  problemOf,
  readFields,
  redirectWith,
  refusedStatus,
  renderFailure,
  renderScreen,
} from '../../screen'
import type { FormProblem } from '../../ui'
import { Operators } from './views'

const OperatorForm = v.object({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email()),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  role: v.picklist(OPERATOR_ROLES),
})
const RoleForm = v.object({ role: v.picklist(OPERATOR_ROLES) })

/** The add form's fields by name, for the error summary's links. */
const OPERATOR_FIELDS = { email: 'operator-email', name: 'operator-name', role: 'operator-role' }

async function showOperators(
  c: Ctx,
  status: ContentfulStatusCode,
  problem: FormProblem | null,
  values: Record<string, string> = {},
): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get('/core/operator/operators', OperatorListSchema)
  if (!answer.ok) return renderFailure(c, answer)
  const me = c.get('operator')
  return renderScreen(c, {
    status,
    screen: 'operators',
    title: t('operators.title'),
    body: <Operators t={t} lang={lang} me={me} operators={answer.content} problem={problem} values={values} />,
  })
}

export const operators = new Hono<ConsoleEnv>()

operators.get('/', (c) => showOperators(c, 200, null))

operators.post('/', async (c) => {
  const t = translator(c.get('lang'))
  const values = await readFields(c)
  const form = checkForm(t, OperatorForm, values, OPERATOR_FIELDS)
  if (!form.ok) return showOperators(c, 422, form.problem, values)
  const answer = await gatewayFor(c).post('/core/operator/operators', OperatorSchema, form.output)
  if (!answer.ok) return showOperators(c, refusedStatus(answer), problemOf(t, answer, OPERATOR_FIELDS), values)
  return redirectWith(c, paths.operators(c.get('lang')), 'operatorAdded')
})

operators.post('/:id{[0-9]{1,10}}/role', async (c) => {
  const t = translator(c.get('lang'))
  const form = checkForm(t, RoleForm, await readFields(c), {})
  if (!form.ok) return showOperators(c, 422, form.problem)
  const answer = await gatewayFor(c).post(`/core/operator/operators/${idOf(c)}/role`, OperatorSchema, form.output)
  if (!answer.ok) return showOperators(c, refusedStatus(answer), problemOf(t, answer))
  return redirectWith(c, paths.operators(c.get('lang')), 'roleChanged')
})

operators.post('/:id{[0-9]{1,10}}/remove', async (c) => {
  const t = translator(c.get('lang'))
  const answer = await gatewayFor(c).post(`/core/operator/operators/${idOf(c)}/remove`, OperatorRemovedSchema)
  if (!answer.ok) return showOperators(c, refusedStatus(answer), problemOf(t, answer))
  return redirectWith(c, paths.operators(c.get('lang')), 'operatorRemoved')
})
