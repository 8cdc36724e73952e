/**
 * The agency's contacts (docs/gateway-contract.md#site-settings), as the portal's footer and contact page show them:
 * read through the portal's public call in each language, written whole with `PUT /core/operator/site-settings`.
 */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactNode } from 'react'
import { SiteSettingsSchema } from '../../../../contract/gateway/site'
import { LOCALES, type Locale } from '../../../../contract/locales'
import { SiteSettingsSavedSchema } from '../../../../contract/operators/content'
import { SOCIAL_NETWORKS } from '../../../../contract/operators/values'
import { LOCALE_NAMES } from '../../../../shared/constants'
import type { Translate } from '../../../../shared/i18n/i18n'
import { gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { translateCode, translator } from '../../i18n'
import { paths } from '../../paths'
import { type Ctx, readFields, redirectWith, refusedStatus, renderFailure, renderScreen } from '../../screen'
import { ErrorSummary, type FormProblem } from '../../ui'
import { FieldError } from './fields'
import { humanize, known } from './names'

type Common = { t: Translate; lang: Locale }

/** How many social links the form offers. */
const SOCIAL_ROWS = 6

/** The agency's contacts, as the portal's footer and contact page show them. */
function SiteSettingsForm({
  t,
  lang,
  values,
  problem,
}: Common & { values: Record<string, string>; problem: FormProblem | null }) {
  const errorOf = (id: string) => problem?.fields.find((f) => f.id === id)?.message
  const input = (name: string, type: string, label: ReactNode, inputLang?: Locale) => {
    const id = `s-${name}`
    const error = errorOf(id)
    return (
      <div className={`field${error ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <FieldError id={id} error={error} />
        <input
          className="input"
          id={id}
          name={name}
          type={type}
          lang={inputLang}
          maxLength={500}
          defaultValue={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
    )
  }
  return (
    <>
      <ErrorSummary t={t} problem={problem} />
      <form className="form console-panel" method="post" action={paths.siteSettings(lang)}>
        {input('phone', 'tel', t('content.siteSettings.phone'))}
        {input('email', 'email', t('content.siteSettings.email'))}
        <fieldset className="console-langs">
          <legend>{t('content.siteSettings.address')}</legend>
          <div className="console-langs__columns">
            {LOCALES.map((l) => (
              <div key={l}>{input(`address_${l}`, 'text', <span lang={l}>{LOCALE_NAMES[l]}</span>, l)}</div>
            ))}
          </div>
        </fieldset>
        <fieldset className="console-langs">
          <legend>{t('reference.hours')}</legend>
          <div className="console-langs__columns">
            {LOCALES.map((l) => (
              <div key={l}>{input(`hours_${l}`, 'text', <span lang={l}>{LOCALE_NAMES[l]}</span>, l)}</div>
            ))}
          </div>
        </fieldset>
        {input('map_url', 'url', t('content.siteSettings.map'))}
        <fieldset>
          <legend>{t('content.siteSettings.socials')}</legend>
          <p className="field__hint">{t('content.siteSettings.socialsHint')}</p>
          {Array.from({ length: SOCIAL_ROWS }, (_, i) => {
            const error = errorOf(`s-social-${i}`)
            return (
              <div key={i} className={`console-filter${error ? ' field--error' : ''}`}>
                <div className="field">
                  <label className="field__label" htmlFor={`s-network-${i}`}>
                    {t('content.siteSettings.network', { n: i + 1 })}
                  </label>
                  <select
                    className="input input--select"
                    id={`s-network-${i}`}
                    name={`network_${i}`}
                    defaultValue={values[`network_${i}`] ?? ''}
                  >
                    <option value="">{t('content.choose')}</option>
                    {SOCIAL_NETWORKS.map((n) => (
                      <option key={n} value={n}>
                        {known(t, `content.siteSettings.networks.${n}`, humanize(n))}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label className="field__label" htmlFor={`s-social-${i}`}>
                    {t('content.siteSettings.link', { n: i + 1 })}
                  </label>
                  <FieldError id={`s-social-${i}`} error={error} />
                  <input
                    className="input"
                    id={`s-social-${i}`}
                    name={`social_${i}`}
                    type="url"
                    maxLength={500}
                    defaultValue={values[`social_${i}`]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `s-social-${i}-error` : undefined}
                  />
                </div>
              </div>
            )
          })}
        </fieldset>
        <div className="form__actions">
          <button className="btn btn--solid btn--primary" type="submit">
            {t('content.save')}
          </button>
        </div>
      </form>
    </>
  )
}

/** The settings as the form shows them: typed ones when a save was refused, else the public call's in each language. */
async function show(
  c: Ctx,
  status: ContentfulStatusCode,
  problem: FormProblem | null,
  typed?: Record<string, string>,
): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  let values = typed
  if (!values) {
    const api = gatewayFor(c)
    const answers = await Promise.all(
      LOCALES.map((l) => api.get('/siw/public/site-settings', SiteSettingsSchema, { lang: l })),
    )
    const failed = answers.find((a) => !a.ok)
    if (failed && !failed.ok) return renderFailure(c, failed)
    const [uz, ru, en] = answers.map((a) => (a.ok ? a.content : null))
    values = {
      phone: en?.phone ?? '',
      email: en?.email ?? '',
      map_url: en?.map_url ?? '',
      // The public call stands another language in for a missing address; the same text twice is that stand-in.
      address_uz: uz?.address ?? '',
      address_ru: ru?.address ?? '',
      address_en: en?.address ?? '',
      hours_uz: uz?.hours ?? '',
      hours_ru: ru?.hours ?? '',
      hours_en: en?.hours ?? '',
    }
    en?.socials?.forEach((s, i) => {
      values![`network_${i}`] = s.network
      values![`social_${i}`] = s.url
    })
  }
  return renderScreen(c, {
    status,
    screen: 'content',
    title: t('content.siteSettings.title'),
    body: <SiteSettingsForm t={t} lang={lang} values={values} problem={problem} />,
    counts: null,
  })
}

/**
 * The gateway's refusal of the settings as the form's problem: it names fields by their path in the body
 * (`address.ru`, `socials.0.url`), each row of socials by its place among those sent.
 */
function settingsProblem(t: Translate, answer: { code: string; errors: string[] }, rows: number[]): FormProblem {
  const ids = new Set(
    answer.errors.map((path) => {
      const social = /^socials\.(\d+)/.exec(path)
      if (social) return `s-social-${rows[Number(social[1])] ?? 0}`
      return `s-${path.replace('.', '_')}`
    }),
  )
  const labels: Record<string, string> = {
    's-phone': t('content.siteSettings.phone'),
    's-email': t('content.siteSettings.email'),
    's-map_url': t('content.siteSettings.map'),
  }
  return {
    message: translateCode(t, answer.code),
    fields: [...ids].map((id) => ({
      id,
      message: id.startsWith('s-social-')
        ? t('content.siteSettings.socialInvalid')
        : `${labels[id] ?? (id.startsWith('s-hours_') ? t('reference.hours') : t('content.siteSettings.address'))}: ${t('content.errors.invalid')}`,
    })),
  }
}

export const siteSettings = new Hono<ConsoleEnv>()

siteSettings.get('/', (c) => show(c, 200, null))

siteSettings.post('/', async (c) => {
  const t = translator(c.get('lang'))
  const fields = await readFields(c)
  const socials = Array.from({ length: SOCIAL_ROWS }, (_, i) => ({
    network: (fields[`network_${i}`] ?? '').trim(),
    url: (fields[`social_${i}`] ?? '').trim(),
    row: i,
  })).filter((s) => s.network || s.url)
  const answer = await gatewayFor(c).put('/core/operator/site-settings', SiteSettingsSavedSchema, {
    phone: fields.phone ?? '',
    email: (fields.email ?? '').trim(),
    address: { uz: fields.address_uz ?? '', ru: fields.address_ru ?? '', en: fields.address_en ?? '' },
    hours: { uz: fields.hours_uz ?? '', ru: fields.hours_ru ?? '', en: fields.hours_en ?? '' },
    map_url: (fields.map_url ?? '').trim(),
    socials: socials.map(({ network, url }) => ({ network, url })),
  })
  if (!answer.ok) {
    const problem = settingsProblem(
      t,
      answer,
      socials.map((s) => s.row),
    )
    return show(c, answer.status === 400 ? 422 : refusedStatus(answer), problem, fields)
  }
  return redirectWith(c, paths.siteSettings(c.get('lang')), 'settingsSaved')
})
