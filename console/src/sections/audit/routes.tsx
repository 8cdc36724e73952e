/** The audit log (docs/gateway-contract.md#operator), filtered by operator, action and record. */
import { Hono } from 'hono'
import { AuditLogSchema } from '../../../../contract/operators/audit'
import { OperatorListSchema } from '../../../../contract/operators/operators'
import { gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { translator } from '../../i18n'
import { type Ctx, pageOf, renderFailure, renderScreen } from '../../screen'
import { Audit, type AuditQuery } from './views'

/** The filter from the query; what is no number or no action's name is left out. */
function queryOf(c: Ctx): AuditQuery {
  const number = (name: string) => {
    const raw = c.req.query(name) ?? ''
    return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined
  }
  const text = (name: string) => {
    const raw = c.req.query(name) ?? ''
    return /^[a-z_.]{1,40}$/.test(raw) ? raw : undefined
  }
  return {
    operator: number('operator'),
    action: text('action'),
    target: text('target'),
    target_id: number('target_id'),
  }
}

export const audit = new Hono<ConsoleEnv>()

audit.get('/', async (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  const query = queryOf(c)
  const api = gatewayFor(c)
  // The operators only name the filter's choices: the log is drawn without them when they fail.
  const [log, operators] = await Promise.all([
    api.get('/core/operator/audit', AuditLogSchema, { ...query, page: pageOf(c) }),
    api.get('/core/operator/operators', OperatorListSchema),
  ])
  if (!log.ok) return renderFailure(c, log)
  return renderScreen(c, {
    screen: 'audit',
    title: t('audit.title'),
    body: (
      <Audit
        t={t}
        lang={lang}
        log={log.content}
        operators={operators.ok ? operators.content : []}
        query={query}
        pageable={log.pageable}
      />
    ),
  })
})
