/**
 * A public investment project: status, sector and region, budget and key metrics (payback, IRR, NPV), the
 * description, a map link, the presentation and the contacts. Used by `/guide/project/{id}` and `/guide/explore/{id}`.
 */

import type * as contract from '../../../contract/gateway/guide'
import type { Translate } from '../../../shared/i18n/i18n'
import type { Key } from '../../../shared/keys/api-keys'
import { href } from '../../../shared/routing/match'
import { useFormat } from '../../lib/format'
import { useOrigin } from '../../runtime/config'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Breadcrumbs, type Crumb } from '../../ui/breadcrumbs'
import { Button } from '../../ui/button'
import { ErrorState } from '../../ui/error-state'
import { HtmlContent } from '../../ui/html-content'
import { Icon } from '../../ui/icon'
import { PageTitle } from '../../ui/page-title'
import { PatternArt } from '../../ui/pattern-art'
import { type Stat, StatBlocks } from '../../ui/stat-blocks'
import { GuideStyles } from './guide-styles'
import { categoryIdOf, fileLink, mapLink, nameOf, presentationOf, toNumber } from './guide-utils'
import { StatusBadge } from './status-badge'

/** `+998 90 123 45 67` for an Uzbek number, else the digits with a plus. */
function displayPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  const m = /^(998)(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(digits)
  return m ? `+${m.slice(1).join(' ')}` : `+${digits}`
}

/** `dataKey`: the project's key in the page's data plan. */
export function ProjectDetail({
  dataKey,
  from,
}: {
  dataKey: Key<contract.ProjectDetail>
  from: 'project' | 'explore'
}) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const origin = useOrigin()
  const { data, error } = usePayload(dataKey)
  const project = data?.content
  if (!project) {
    return (
      <main id="main" className="container page">
        <ErrorState error={error} />
      </main>
    )
  }
  const budget = toNumber(project.budget)
  const pp = toNumber(project.pp)
  const irr = toNumber(project.irr)
  const npv = toNumber(project.npv)
  const stats: Stat[] = [
    ...(budget !== null
      ? [
          {
            value: f.money(budget, 'USD', { compact: budget >= 1_000_000 }),
            label: t('guide.project.budget'),
            source: t('guide.project.budgetNote'),
          },
        ]
      : []),
    ...(pp !== null ? [{ value: pp, unit: t('guide.project.years'), label: t('guide.project.pp') }] : []),
    ...(irr !== null ? [{ value: irr, unit: '%', label: t('guide.project.irr') }] : []),
    ...(npv !== null
      ? [{ value: f.money(npv, 'USD', { compact: Math.abs(npv) >= 1_000_000 }), label: t('guide.project.npv') }]
      : []),
  ]
  const map = mapLink(project.latitude, project.longitude)
  const presentation = presentationOf(project, locale)
  const image = fileLink(project.upload, 'download')
  const categoryId = categoryIdOf(project)
  const categoryTitle = typeof project.category === 'object' && project.category ? project.category.title : ''
  const crumbs: Crumb[] =
    from === 'explore'
      ? [{ label: t('routes.explore'), to: href('explore', { locale }) }, { label: project.title }]
      : [
          { label: t('routes.projects'), to: href('guide-project', { locale }) },
          ...(categoryId !== null && categoryTitle
            ? [{ label: categoryTitle, to: href('project-category', { locale, params: { id: String(categoryId) } }) }]
            : []),
          { label: project.title },
        ]
  const sector = nameOf(project.sector)
  const region = nameOf(project.region)
  return (
    <main id="main" className="page guide guide-project">
      <GuideStyles />
      <PageTitle
        title={project.title}
        description={[sector, region, budget !== null ? f.money(budget, 'USD') : ''].filter(Boolean).join(' · ')}
      />
      <div className="container">
        <Breadcrumbs items={crumbs} />
        <header className="guide-project__header">
          <div className="guide-project__badges">
            <StatusBadge status={project.status} />
          </div>
          <h1>{project.title}</h1>
          <ul className="guide-project__facts" aria-label={t('guide.project.facts')}>
            {sector ? (
              <li>
                <Icon name="factory" />
                <span className="visually-hidden">{t('guide.project.sector')}: </span>
                {sector}
              </li>
            ) : null}
            {region ? (
              <li>
                <Icon name="map-pin" />
                <span className="visually-hidden">{t('guide.project.region')}: </span>
                {region}
              </li>
            ) : null}
            {categoryTitle ? (
              <li>
                <Icon name="briefcase" />
                <span className="visually-hidden">{t('guide.project.category')}: </span>
                {categoryTitle}
              </li>
            ) : null}
          </ul>
        </header>
        {stats.length ? (
          <section className="guide-project__figures" aria-labelledby="project-figures">
            <h2 id="project-figures" className="visually-hidden">
              {t('guide.project.figures')}
            </h2>
            <StatBlocks items={stats} />
          </section>
        ) : null}
        <div className="with-aside guide-project__body">
          <div className="guide-project__main">
            <figure className="guide-project__media">
              {image ? (
                <img src={image} alt="" width={1280} height={720} decoding="async" />
              ) : (
                <PatternArt seed={project.title} variant="ikat" className="guide-project__art" />
              )}
            </figure>
            <section aria-labelledby="project-about">
              <h2 id="project-about" className="visually-hidden">
                {t('guide.project.about')}
              </h2>
              {project.content ? (
                <HtmlContent html={project.content} />
              ) : (
                <p className="muted">{t('guide.project.noDescription')}</p>
              )}
            </section>
          </div>
          <aside className="with-aside__aside guide-aside" aria-label={t('guide.project.asideLabel')}>
            <section className="panel guide-next" aria-labelledby="project-contact">
              <h2 className="guide-next__title" id="project-contact">
                {t('guide.project.contacts')}
              </h2>
              <dl className="guide-contacts">
                {project.email ? (
                  <div>
                    <dt>
                      <Icon name="mail" />
                      {t('guide.project.email')}
                    </dt>
                    <dd>
                      <a href={`mailto:${project.email}`}>{project.email}</a>
                    </dd>
                  </div>
                ) : null}
                {project.phone ? (
                  <div>
                    <dt>
                      <Icon name="phone" />
                      {t('guide.project.phone')}
                    </dt>
                    <dd>
                      <a href={`tel:+${project.phone.replace(/\D/g, '')}`}>{displayPhone(project.phone)}</a>
                    </dd>
                  </div>
                ) : null}
                {map ? (
                  <div>
                    <dt>
                      <Icon name="map-pin" />
                      {t('guide.project.location')}
                    </dt>
                    <dd>
                      <a href={map} rel="noopener noreferrer" target="_blank">
                        {t('guide.project.map')}
                        <span className="visually-hidden"> ({t('guide.project.newTab')})</span>
                        <Icon name="external-link" />
                      </a>
                    </dd>
                  </div>
                ) : null}
              </dl>
              {presentation?.download_link ? (
                <Button
                  href={presentation.download_link}
                  variant="outline"
                  iconName="download"
                  label={presentationLabel(t, presentation.file_extension || presentation.download_link)}
                  className="guide-next__primary"
                />
              ) : null}
              <Button
                to={href('project-interest', { locale, params: { id: String(project.id) } })}
                label={t('guide.project.interest')}
                className="guide-next__primary"
              />
              <p className="guide-next__intro">{t('guide.project.interestNote')}</p>
            </section>
          </aside>
        </div>
        <p className="print-only guide-project__passport">
          {t('print.passport', { site: t('site.name') })}{' '}
          {origin +
            href(from === 'project' ? 'project' : 'explore-item', { locale, params: { id: String(project.id) } })}
        </p>
      </div>
    </main>
  )
}

/** "Download the presentation (PDF)", the type from an extension or a link when it is known. */
function presentationLabel(t: Translate, value: string): string {
  const ext = (value.split(/[?#]/)[0] ?? '').split('.').pop() ?? ''
  return /^[a-z0-9]{2,5}$/i.test(ext)
    ? t('guide.project.presentationTyped', { type: ext.toUpperCase() })
    : t('guide.project.presentation')
}
