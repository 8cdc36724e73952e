/**
 * `/profile/my-services` (residents): service categories by type, a service's parameter form (TIN and PINFL filled in
 * from the profile, region/district selects, dates), and its results as key/value cards with paging. The chosen
 * category, service, parameters and page live in the URL, so links and the back button keep them.
 */
import { type FormEvent, useState } from 'react'
import useSWR from 'swr'
import type { PersonalService, ServiceResult } from '../../contract/gateway/account'
import type { Region } from '../../contract/gateway/common'
import { accountKeys, SERVICE_TYPES, serviceTypeOf } from '../../shared/keys/account-keys'
import { apiKey, type Key } from '../../shared/keys/api-keys'
import { myServicesPlan } from '../../shared/plans/account'
import { href, readSearch } from '../../shared/routing/match'
import { roleProfile } from '../features/account/profile-fields'
import { envelopeOrThrow, useGateway } from '../runtime/gateway'
import { useLocale, useT } from '../runtime/i18n'
import { useLivePayload } from '../runtime/live-data'
import { Link, useRoute, useRouteData, useRouter } from '../runtime/router'
import { useSession } from '../runtime/session'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { ErrorState } from '../ui/error-state'
import { FormSelectField, FormTextField } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'
import { Pagination } from '../ui/pagination'
import { SkeletonRegion, SkeletonText } from '../ui/skeleton'

const RESULT_PAGE_SIZE = 10
/** Parameters travel in the page's query with this prefix, apart from the page's own keys. */
const PARAM_PREFIX = 'p_'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { query, keys } = useRouteData(myServicesPlan)
  const type = serviceTypeOf(query.type)
  const title = t('services.title')
  return (
    <main id="main" className="profile-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t('services.intro')}</p>
      <nav className="chip-nav" aria-label={t('services.types.label')}>
        <ul>
          {SERVICE_TYPES.map((ty) => (
            <li key={ty}>
              <Link
                to={href('profile-my-services', { locale, query: { type: ty } })}
                className="chip"
                aria-current={ty === type ? 'page' : undefined}
              >
                {t(`services.types.${ty}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ServiceList servicesKey={keys.services} regionsKey={keys.regions} />
    </main>
  )
}

function ServiceList({ servicesKey, regionsKey }: { servicesKey: Key<PersonalService[]>; regionsKey: Key<Region[]> }) {
  const t = useT()
  const locale = useLocale()
  const route = useRoute('profile-my-services')
  const { data, error } = useLivePayload(servicesKey)
  if (error) return <ErrorState error={error} />
  const services = data?.content ?? []
  if (!services.length) return <EmptyState title={t('services.empty')} message={<p>{t('services.intro')}</p>} />
  const chosen = services.find((s) => String(s.id) === route.query.service)
  return (
    <ul className="record-list">
      {services.map((s) => (
        <li key={s.id} className={s === chosen ? 'record record--active' : 'record'}>
          <h2 className="record__title">{s.title}</h2>
          <p>{s.description}</p>
          {s !== chosen ? (
            <Button
              to={href('profile-my-services', { locale, query: { type: route.query.type, service: s.id } })}
              variant="outline"
              size="sm"
              label={t('services.open')}
            />
          ) : null}
          {s === chosen ? <ServiceRunner service={s} regionsKey={regionsKey} /> : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * Parameters the gateway fills from the profile (`inn` ← tin, `pinfl` ← pin): shown, never chosen, never sent
 * (docs/gateway-contract.md#personal-services).
 */
const PROFILE_PARAMS: ReadonlySet<string> = new Set(['inn', 'pinfl'])

/** The service's parameters from the URL, and the profile's own identifiers. */
function useParamValues(service: PersonalService): Record<string, string> {
  const route = useRoute('profile-my-services')
  const search = new URLSearchParams(route.search)
  const session = useSession()
  const own = roleProfile(session.profile)
  const identifiers: Record<string, string> = {
    inn: typeof own.tin === 'string' ? own.tin : '',
    pinfl: typeof own.pin === 'string' ? own.pin : '',
  }
  const out: Record<string, string> = {}
  for (const p of service.params)
    out[p.key] = PROFILE_PARAMS.has(p.key) ? (identifiers[p.key] ?? '') : (search.get(PARAM_PREFIX + p.key) ?? '')
  return out
}

function ServiceRunner({ service, regionsKey }: { service: PersonalService; regionsKey: Key<Region[]> }) {
  const t = useT()
  const locale = useLocale()
  const { navigate } = useRouter()
  const route = useRoute('profile-my-services')
  const values = useParamValues(service)
  const [regionCode, setRegionCode] = useState(values.region ?? '')
  const regions = useLivePayload(regionsKey)
  const submitted = route.query.run === '1'
  const page = Number(route.query.page ?? 0)
  const missing = service.params.filter((p) => p.required && !values[p.key]).map((p) => p.key)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const search = new URLSearchParams()
    for (const [k, v] of new FormData(event.currentTarget)) if (typeof v === 'string') search.append(k, v)
    void navigate(`${href('profile-my-services', { locale })}?${search}`)
  }

  return (
    <div className="service-runner">
      <form
        method="get"
        action={href('profile-my-services', { locale })}
        onSubmit={onSubmit}
        noValidate
        className="form"
        aria-label={service.title}
      >
        <input type="hidden" name="type" value={route.query.type ?? ''} />
        <input type="hidden" name="service" value={service.id} />
        <input type="hidden" name="run" value="1" />
        <div className="form__grid">
          {service.params.map((p) => {
            const name = PARAM_PREFIX + p.key
            const error = submitted && missing.includes(p.key) ? 'forms.errors.required' : undefined
            if (p.type === 'region') {
              return (
                <FormSelectField
                  key={p.key}
                  name={name}
                  label={p.title}
                  required={p.required}
                  placeholder={t('services.choose')}
                  options={(regions.data?.content ?? []).map((r) => ({ value: String(r.code), label: r.region }))}
                  defaultValue={values[p.key]}
                  onChange={(e) => setRegionCode(e.currentTarget.value)}
                  error={error}
                />
              )
            }
            if (p.type === 'district')
              return (
                <DistrictSelect
                  key={p.key}
                  name={name}
                  label={p.title}
                  required={p.required}
                  regionCode={regionCode}
                  defaultValue={values[p.key] ?? ''}
                  error={error}
                />
              )
            if (PROFILE_PARAMS.has(p.key)) {
              return (
                <dl key={p.key} className="field field--readonly">
                  <dt className="field__label">{p.title}</dt>
                  <dd className="field__hint">{t('services.fromProfile')}</dd>
                  <dd className="field__value">{values[p.key] || (error ? t(error) : '—')}</dd>
                </dl>
              )
            }
            return (
              <FormTextField
                key={p.key}
                name={name}
                type={p.type === 'date' ? 'date' : 'text'}
                label={p.title}
                required={p.required}
                width={p.type === 'date' ? 'medium' : 'full'}
                defaultValue={values[p.key]}
                error={error}
              />
            )
          })}
        </div>
        <div className="form__actions">
          <Button type="submit" label={t('services.run')} iconName="search" />
        </div>
      </form>
      {submitted && !missing.length ? <ServiceResults service={service} values={values} page={page} /> : null}
    </div>
  )
}

function DistrictSelect({
  name,
  label,
  required,
  regionCode,
  defaultValue,
  error,
}: {
  name: string
  label: string
  required: boolean
  regionCode: string
  defaultValue: string
  error?: string
}) {
  const t = useT()
  // The browser loads a region's districts once one is chosen; the edge never plans them.
  const { data } = useLivePayload(regionCode ? accountKeys.districts(regionCode) : null, { browser: true })
  return (
    <FormSelectField
      key={regionCode}
      name={name}
      label={label}
      required={required}
      placeholder={t('services.choose')}
      options={(data?.content ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
      defaultValue={defaultValue}
      error={error}
    />
  )
}

function ServiceResults({
  service,
  values,
  page,
}: {
  service: PersonalService
  values: Record<string, string>
  page: number
}) {
  const t = useT()
  const route = useRoute('profile-my-services')
  const gateway = useGateway({ quiet: true })
  const params = Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== '' && !PROFILE_PARAMS.has(k)))
  const usePost = (service.body?.length ?? 0) > 0
  // The link is a gateway path; anything else is not ours to call.
  const link = service.link.startsWith('/') && !service.link.startsWith('//') ? service.link : null
  const key = link
    ? apiKey<ServiceResult>(
        link,
        usePost ? { page, size: RESULT_PAGE_SIZE } : { ...params, page, size: RESULT_PAGE_SIZE },
      )
    : null
  const { data, error, isLoading } = useSWR(key ? [key, usePost] : null, ([k]: [Key<ServiceResult>]) =>
    envelopeOrThrow(usePost ? gateway.request<ServiceResult>('POST', k, { body: params }) : gateway.getEnvelope(k)),
  )
  if (!link) return <ErrorState message={t('services.unavailable')} />
  if (isLoading)
    return (
      <SkeletonRegion label={t('services.results')}>
        <SkeletonText lines={4} />
      </SkeletonRegion>
    )
  if (error) {
    // A service with no registry behind it says so, and what to do instead (the error's own message).
    const notConnected = (error as { code?: string }).code === 'service_not_connected'
    return (
      <ErrorState
        error={error as { code?: string }}
        title={notConnected ? t('services.notConnected') : undefined}
        message={notConnected ? undefined : t('services.unavailable')}
        headingLevel={3}
      />
    )
  }
  const result = data?.content
  const rows = result?.data ?? []
  return (
    <section className="service-results" aria-labelledby={`results-${service.id}`}>
      <h3 id={`results-${service.id}`}>{t('services.results')}</h3>
      <p role="status">
        {rows.length ? t('services.resultCount', { count: result?.count ?? rows.length }) : t('services.noResults')}
      </p>
      <ul className="result-cards">
        {rows.map((row, i) => (
          <li key={i} className="result-card">
            <h4 className="visually-hidden">{t('services.record', { n: page * RESULT_PAGE_SIZE + i + 1 })}</h4>
            <dl className="data-list">
              {Object.entries(row).map(([k, v]) => (
                <div className="data-list__row" key={k}>
                  <dt>{humanise(k)}</dt>
                  <dd>{formatValue(v)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <Pagination
        routeId="profile-my-services"
        query={{ ...readSearch(new URLSearchParams(route.search)), page: undefined }}
        page={page}
        totalPages={result?.max_page ?? 0}
        label={t('services.results')}
      />
    </section>
  )
}

/** `legal_address` → "Legal address": result keys come from the integration, not from our locales. */
function humanise(key: string): string {
  const text = key.replace(/[_-]+/g, ' ').trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.map(formatValue).join(', ')
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${humanise(k)}: ${formatValue(v)}`)
      .join('; ')
  }
  return String(value)
}
