/** The overview (`/{lang}`), everyone's first screen: what waits for the operator, and where their role reaches. */
import { Hono } from 'hono'
import { MailListSchema } from '../../../../contract/operators/mail'
import { gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { translator } from '../../i18n'
import { type Ctx, readCounts, renderScreen } from '../../screen'
import { reachesArea } from '../areas'
import { Overview } from './views'

/** How many mails failed, for an admin's overview; null for other roles or when the gateway does not answer. */
async function readFailedMail(c: Ctx): Promise<number | null> {
  if (!reachesArea(c.get('operator'), 'admin')) return null
  const answer = await gatewayFor(c).get('/core/operator/mail', MailListSchema, { size: 1 })
  return answer.ok ? answer.content.counts.failed : null
}

export const overview = new Hono<ConsoleEnv>()

overview.get('/', async (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  const operator = c.get('operator')
  const [counts, failedMail] = await Promise.all([readCounts(c), readFailedMail(c)])
  return renderScreen(c, {
    screen: 'home',
    title: t('sections.home'),
    body: (
      <Overview
        t={t}
        lang={lang}
        operator={operator}
        counts={counts?.ok ? counts.content : null}
        failedMail={failedMail}
      />
    ),
    counts,
  })
})
