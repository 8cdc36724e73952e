/**
 * `/search?keyword=&page=`: a GET form that works without JavaScript; with it, results follow the typing (debounced)
 * and the address bar keeps the keyword without reloading the page.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { normaliseKeyword } from '../../shared/keys/site-keys'
import { searchPlan } from '../../shared/plans/site'
import { href } from '../../shared/routing/match'
import { SearchAnswer } from '../features/site/search-results'
import { SitePageHead } from '../features/site/site-page-head'
import { useLocale, useT } from '../runtime/i18n'
import { Link, useRoute } from '../runtime/router'
import { Breadcrumbs } from '../ui/breadcrumbs'
import { Button } from '../ui/button'
import { Icon } from '../ui/icon'
import { PageTitle } from '../ui/page-title'

/** Typing pauses this long before the results follow. */
const DEBOUNCE_MS = 350
/** Shorter keywords wait for Enter. */
const MIN_LIVE_LENGTH = 2

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { query } = useRoute('search')
  const [input, setInput] = useState(query.keyword ?? '')
  const [keyword, setKeyword] = useState(normaliseKeyword(query.keyword))
  const [page, setPage] = useState(query.page ?? 0)
  const current = useRef(keyword)
  current.current = keyword

  const commit = (value: string) => {
    const next = normaliseKeyword(value)
    if (next === current.current) return
    setKeyword(next)
    setPage(0)
    // The address keeps the keyword (shareable, reload-safe) without a navigation that would remount the form.
    history.replaceState(history.state, '', href('search', { locale, query: { keyword: next || undefined } }))
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing restarts the timer.
  useEffect(() => {
    const next = normaliseKeyword(input)
    if (next.length < MIN_LIVE_LENGTH && next !== '') return
    const id = setTimeout(() => commit(input), DEBOUNCE_MS)
    return () => clearTimeout(id)
  }, [input])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    commit(input)
  }

  const title = keyword ? t('site.search.titleFor', { keyword }) : t('routes.search')
  // The plan's key while the address is as loaded; later keywords and pages are fetched by the browser.
  const dataKey = searchPlan.build({ params: {}, query: { keyword, page } }).keys.results
  return (
    <main id="main" className="container page site-page search-page">
      <SitePageHead />
      <PageTitle title={title} description={t('site.search.description')} />
      <Breadcrumbs items={[{ label: t('routes.search') }]} />
      <header className="page-header">
        <h1>{t('routes.search')}</h1>
        <p className="lead">{t('site.search.lead')}</p>
      </header>
      <form
        role="search"
        method="get"
        action={href('search', { locale })}
        onSubmit={onSubmit}
        className="search-form"
        aria-label={t('site.search.formLabel')}
      >
        <label htmlFor="search-keyword" className="field__label">
          {t('site.search.label')}
        </label>
        <p id="search-keyword-hint" className="field__hint">
          {t('site.search.hint')}
        </p>
        <div className="search-form__row">
          <span className="search-form__field">
            <Icon name="search" className="search-form__icon" />
            <input
              id="search-keyword"
              name="keyword"
              type="search"
              className="input search-form__input"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              aria-describedby="search-keyword-hint"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={100}
            />
          </span>
          <Button type="submit" label={t('site.search.submit')} />
        </div>
      </form>
      <div className="search-page__results">
        {dataKey ? (
          <SearchAnswer dataKey={dataKey} keyword={keyword} page={page} />
        ) : (
          <SearchSuggestions
            onPick={(word) => {
              setInput(word)
              commit(word)
            }}
          />
        )}
      </div>
    </main>
  )
}

/** Before a search: a few popular topics and the main sections. */
function SearchSuggestions({ onPick }: { onPick: (word: string) => void }) {
  const t = useT()
  const locale = useLocale()
  const words = t('site.search.popularWords')
    .split('|')
    .map((w) => w.trim())
    .filter(Boolean)
  return (
    <div className="search-suggestions">
      <h2 className="search-suggestions__title">{t('site.search.popular')}</h2>
      <ul className="search-suggestions__chips">
        {words.map((word) => (
          <li key={word}>
            <Link
              to={href('search', { locale, query: { keyword: word } })}
              className="chip"
              onClick={(event) => {
                event.preventDefault()
                onPick(word)
              }}
            >
              {word}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
