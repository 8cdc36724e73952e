/**
 * The project filters of a category: a GET form whose values live in the URL query, so it works without JavaScript;
 * once hydrated, a change applies at once through client navigation and focus returns to the changed control.
 */
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react'
import type { Region } from '../../../contract/gateway/common'
import type { Amount, Sector } from '../../../contract/gateway/guide'
import { PROJECT_STATUSES } from '../../../contract/gateway/statuses'
import { FILTER_NAMES, type ProjectFilters as Filters } from '../../../shared/keys/guide-keys'
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouter } from '../../runtime/router'
import { Button } from '../../ui/button'
import { SelectField } from '../../ui/form-field'
import { nameOf } from './guide-utils'

/** The control to focus after the page re-renders for a changed filter (the page remounts with its new URL). */
let focusAfterNavigation: string | null = null

type Props = {
  categoryId: string
  filters: Filters
  sectors: readonly Sector[]
  regions: readonly Region[]
  amounts: readonly Amount[]
}

export function ProjectFilters({ categoryId, filters, sectors, regions, amounts }: Props) {
  const t = useT()
  const locale = useLocale()
  const { navigate } = useRouter()
  const [live, setLive] = useState(false)
  const target = (query: Record<string, string | undefined> = {}) =>
    href('project-category', { locale, params: { id: categoryId }, query })

  useEffect(() => {
    setLive(true)
    const id = focusAfterNavigation
    focusAfterNavigation = null
    // After the router restored the scroll position: focusing brings the control back into view.
    if (id) requestAnimationFrame(() => document.getElementById(id)?.focus())
  }, [])

  const apply = (form: HTMLFormElement, focusId: string | null) => {
    const data = new FormData(form)
    const query: Record<string, string | undefined> = {}
    for (const name of FILTER_NAMES) {
      const value = data.get(name)
      if (typeof value === 'string' && value) query[name] = value
    }
    focusAfterNavigation = focusId
    void navigate(target(query), { replace: true })
  }
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const control = event.target as unknown as HTMLSelectElement
    apply(event.currentTarget, control.id || null)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    apply(event.currentTarget, null)
  }
  const options = (items: readonly (Sector | Region | Amount)[]) =>
    items.map((item) => ({ value: String(item.id), label: nameOf(item) }))
  const active = FILTER_NAMES.some((name) => filters[name])

  return (
    <form
      method="get"
      action={target()}
      onChange={onChange}
      onSubmit={onSubmit}
      className="guide-filters"
      role="search"
      aria-labelledby="filters-title"
    >
      <h2 className="guide-filters__title" id="filters-title">
        {t('guide.filters.title')}
      </h2>
      <p className="guide-filters__hint">{t(live ? 'guide.filters.hintLive' : 'guide.filters.hint')}</p>
      <div className="guide-filters__fields">
        <SelectField
          id="filter-sector"
          name="sector_id"
          label={t('guide.filters.sector')}
          options={options(sectors)}
          placeholder={t('guide.filters.any')}
          defaultValue={filters.sector_id ?? ''}
        />
        <SelectField
          id="filter-region"
          name="region_id"
          label={t('guide.filters.region')}
          options={options(regions)}
          placeholder={t('guide.filters.any')}
          defaultValue={filters.region_id ?? ''}
        />
        <SelectField
          id="filter-amount"
          name="amount_id"
          label={t('guide.filters.amount')}
          options={options(amounts)}
          placeholder={t('guide.filters.any')}
          defaultValue={filters.amount_id ?? ''}
        />
        <SelectField
          id="filter-status"
          name="status"
          label={t('guide.filters.status')}
          options={PROJECT_STATUSES.map((s) => ({ value: s, label: t(`guide.status.${s}`) }))}
          placeholder={t('guide.filters.any')}
          defaultValue={filters.status ?? ''}
        />
      </div>
      <div className="guide-filters__actions">
        <Button type="submit" variant="outline" label={t('guide.filters.apply')} />
        {active ? (
          <Link to={target()} className="guide-filters__clear">
            {t('guide.filters.clear')}
          </Link>
        ) : null}
      </div>
    </form>
  )
}
