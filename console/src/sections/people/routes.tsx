/**
 * People (docs/gateway-contract.md#operator-people): a moderator finds a person and helps them (contact data, blocking
 * and unblocking); erasing is an admin's. The gateway checks each call's role again.
 */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import {
  PersonContactSchema,
  PersonDetailSchema,
  PersonListSchema,
  PersonStateChangedSchema,
} from '../../../../contract/operators/people'
import { gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { translator } from '../../i18n'
import { paths } from '../../paths'
import {
  type Ctx,
  checkForm,
  idOf,
  listScreen,
  problemOf,
  readFields,
  redirectWith,
  refusedStatus,
  renderFailure,
  renderScreen,
} from '../../screen'
import type { FormProblem } from '../../ui'
import { reachesArea } from '../areas'
import { PeopleList, PersonView } from './views'

const ContactForm = v.object({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email()),
  phone: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(20)),
})
/** The contact form's fields by name, for the error summary's links. */
const CONTACT_FIELDS = { email: 'person-email', phone: 'person-phone' }

async function showPerson(
  c: Ctx,
  status: ContentfulStatusCode,
  problem: FormProblem | null,
  values: Record<string, string> = {},
): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get(`/core/operator/people/${idOf(c)}`, PersonDetailSchema)
  if (!answer.ok) return renderFailure(c, answer)
  const person = answer.content
  return renderScreen(c, {
    status,
    screen: 'people',
    title: person.email,
    body: (
      <PersonView
        t={t}
        lang={lang}
        person={person}
        mayErase={reachesArea(c.get('operator'), 'admin')}
        problem={problem}
        values={values}
      />
    ),
  })
}

export const people = new Hono<ConsoleEnv>()

people.get('/', (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  return listScreen(c, {
    screen: 'people',
    title: t('people.title'),
    call: '/core/operator/people',
    schema: PersonListSchema,
    query: { q: (c.req.query('q') ?? '').slice(0, 100) },
    draw: (list, pageable) => <PeopleList t={t} lang={lang} list={list} pageable={pageable} />,
  })
})

people.get('/:id{[0-9]{1,10}}', (c) => showPerson(c, 200, null))

people.post('/:id{[0-9]{1,10}}/contact', async (c) => {
  const t = translator(c.get('lang'))
  const values = await readFields(c)
  const form = checkForm(t, ContactForm, values, CONTACT_FIELDS)
  if (!form.ok) return showPerson(c, 422, form.problem, values)
  const answer = await gatewayFor(c).post(`/core/operator/people/${idOf(c)}/contact`, PersonContactSchema, form.output)
  if (!answer.ok) return showPerson(c, refusedStatus(answer), problemOf(t, answer, CONTACT_FIELDS), values)
  return redirectWith(c, paths.person(c.get('lang'), idOf(c)), 'saved')
})

for (const action of ['block', 'unblock', 'erase'] as const) {
  people.post(`/:id{[0-9]{1,10}}/${action}`, async (c) => {
    const t = translator(c.get('lang'))
    const answer = await gatewayFor(c).post(`/core/operator/people/${idOf(c)}/${action}`, PersonStateChangedSchema)
    if (!answer.ok) return answer.status === 409 ? showPerson(c, 409, problemOf(t, answer)) : renderFailure(c, answer)
    const lang = c.get('lang')
    return redirectWith(c, action === 'erase' ? paths.people(lang) : paths.person(lang, idOf(c)), 'saved')
  })
}
