/**
 * People (docs/gateway-contract.md#operator-people): accounts found by e-mail, name, PINFL or TIN, and one account with
 * its sessions, appeals and projects, its contact data to correct, and blocking, unblocking and erasing it.
 */
import type { Locale } from '../../../../contract/locales'
import type { Pageable } from '../../../../contract/operators/envelope'
import type { PersonDetail, PersonList } from '../../../../contract/operators/people'
import type { Translate } from '../../../../shared/i18n/i18n'
import { paths } from '../../paths'
import { Badge, ErrorSummary, Facts, type FormProblem, ListView, Time } from '../../ui'

type Common = { t: Translate; lang: Locale }

const fullName = (p: { name: string; surname: string }) => `${p.name} ${p.surname}`.trim()

export function PeopleList({ t, lang, list, pageable }: Common & { list: PersonList; pageable: Pageable | null }) {
  return (
    <ListView
      t={t}
      head={
        <form
          className="console-filter"
          method="get"
          action={paths.people(lang)}
          role="search"
          aria-label={t('people.find')}
        >
          <div className="field">
            <label className="field__label" htmlFor="people-q">
              {t('people.search')}
            </label>
            <input className="input" id="people-q" name="q" type="search" maxLength={100} defaultValue={list.q} />
          </div>
          <button className="btn btn--outline btn--primary" type="submit">
            {t('people.find')}
          </button>
        </form>
      }
      caption={t('people.caption')}
      empty={t('people.none')}
      columns={[
        { label: t('people.email'), cell: (p) => <a href={paths.person(lang, p.id)}>{p.email}</a> },
        { label: t('people.name'), cell: (p) => fullName(p) },
        { label: t('people.company'), cell: (p) => p.company_name },
        { label: t('people.identifiers'), cell: (p) => [p.pin, p.tin].filter(Boolean).join(' · ') },
        { label: t('people.state'), cell: (p) => <Badge state={p.state}>{t(`people.states.${p.state}`)}</Badge> },
      ]}
      items={list.items}
      rowKey={(p) => p.id}
      pageable={pageable}
      href={(page) => paths.people(lang, { q: list.q, page })}
    />
  )
}

export function PersonView({
  t,
  lang,
  person,
  mayErase,
  problem,
  values,
}: Common & { person: PersonDetail; mayErase: boolean; problem: FormProblem | null; values: Record<string, string> }) {
  const fieldError = (id: string) => problem?.fields.find((f) => f.id === id)?.message
  const emailError = fieldError('person-email')
  const phoneError = fieldError('person-phone')
  return (
    <>
      <ErrorSummary t={t} problem={problem} />
      <Facts
        items={[
          [
            t('people.state'),
            <Badge key="state" state={person.state}>
              {t(`people.states.${person.state}`)}
            </Badge>,
          ],
          [t('people.name'), fullName(person)],
          [t('people.role'), t(`people.roles.${person.role}`)],
          [t('people.resident'), t(person.is_resident ? 'people.yes' : 'people.no')],
          [t('people.company'), person.company_name],
          [t('people.pin'), person.pin],
          [t('people.tin'), person.tin],
          [t('people.created'), <Time key="created" iso={person.created_at} />],
          [t('people.eraseAfter'), person.erase_after ? <Time key="erase" iso={person.erase_after} /> : null],
        ]}
      />
      {person.state === 'deleted' ? null : (
        <>
          <h2 id="person-contact">{t('people.contactTitle')}</h2>
          <form
            className="form console-panel"
            method="post"
            action={paths.personAction(lang, person.id, 'contact')}
            aria-labelledby="person-contact"
          >
            <p>{t('people.contactHint')}</p>
            {(
              [
                ['person-email', 'email', 'email', emailError, values.email ?? person.email, 254],
                ['person-phone', 'phone', 'tel', phoneError, values.phone ?? person.phone, 20],
              ] as const
            ).map(([id, name, type, error, value, max]) => (
              <div key={id} className={`field${error ? ' field--error' : ''}`}>
                <label className="field__label" htmlFor={id}>
                  {t(`people.${name}`)}
                </label>
                {error ? (
                  <p className="field__error" id={`${id}-error`}>
                    {error}
                  </p>
                ) : null}
                <input
                  className="input"
                  id={id}
                  name={name}
                  type={type}
                  maxLength={max}
                  defaultValue={value}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
              </div>
            ))}
            <div className="form__actions">
              <button className="btn btn--solid btn--primary" type="submit">
                {t('people.saveContact')}
              </button>
            </div>
          </form>
          <h2>{t('people.accessTitle')}</h2>
          <form
            method="post"
            action={paths.personAction(lang, person.id, person.state === 'blocked' ? 'unblock' : 'block')}
          >
            <p>{t(person.state === 'blocked' ? 'people.unblockHint' : 'people.blockHint')}</p>
            <button className="btn btn--outline btn--danger" type="submit">
              {t(person.state === 'blocked' ? 'people.unblock' : 'people.block')}
            </button>
          </form>
        </>
      )}
      <h2>{t('people.sessions')}</h2>
      <ListView
        t={t}
        caption={t('people.sessions')}
        empty={t('people.noSessions')}
        columns={[
          { label: t('people.browser'), cell: (s) => [s.browser, s.os].filter(Boolean).join(', ') || '—' },
          { label: t('people.place'), cell: (s) => [s.city, s.country].filter(Boolean).join(', ') || '—' },
          { label: t('people.lastUsed'), cell: (s) => <Time iso={s.last_used_at} /> },
        ]}
        items={person.sessions}
        rowKey={(s) => s.id}
      />
      <h2>{t('people.appeals')}</h2>
      <ListView
        t={t}
        caption={t('people.appeals')}
        columns={[
          { label: t('people.topic'), cell: (a) => <a href={paths.appeal(lang, a.id)}>{a.topic}</a> },
          { label: t('people.excerpt'), cell: (a) => a.excerpt },
          { label: t('people.created'), cell: (a) => <Time iso={a.created_at} /> },
        ]}
        items={person.appeals}
        rowKey={(a) => a.id}
      />
      <h2>{t('people.projects')}</h2>
      <ListView
        t={t}
        caption={t('people.projects')}
        columns={[
          { label: t('people.projectTitle'), cell: (p) => <a href={paths.project(lang, p.id)}>{p.title}</a> },
          { label: t('people.state'), cell: (p) => p.state },
          { label: t('people.created'), cell: (p) => <Time iso={p.created_at} /> },
        ]}
        items={person.projects}
        rowKey={(p) => p.id}
      />
      {mayErase ? (
        <>
          <h2>{t('people.eraseTitle')}</h2>
          <form method="post" action={paths.personAction(lang, person.id, 'erase')}>
            <p>{t('people.eraseHint')}</p>
            <button className="btn btn--solid btn--danger" type="submit">
              {t('people.erase')}
            </button>
          </form>
        </>
      ) : null}
    </>
  )
}
