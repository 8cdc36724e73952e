/**
 * The portal's files that are not pages (docs/product.md#feeds, #open-data): an Atom feed per language for news, events
 * and new projects, and the open-data downloads. Their addresses are written here alone, beside the route table, for the
 * edge that answers them and the pages that link to them.
 */
import type { Locale } from '../../contract/locales'
import type { RouteId } from './routes'

export const FEEDS = ['news', 'events', 'projects'] as const
export type FeedName = (typeof FEEDS)[number]

/** A feed's address: `/{locale}/feed/{name}.xml`. */
export function feedHref(locale: Locale, feed: FeedName): string {
  return `/${locale}/feed/${feed}.xml`
}

/** The feed a file name (`news.xml`) names, or null. */
export function readFeedFile(file: string): FeedName | null {
  const name = /^([a-z]+)\.xml$/.exec(file)?.[1]
  return (FEEDS as readonly string[]).includes(name ?? '') ? (name as FeedName) : null
}

/**
 * The pages whose readers a feed follows, which name it in their head (`<link rel="alternate">`, RFC 4287 autodiscovery):
 * the news list (and the home page, where the latest news are) for news, the events for events, the project pages for
 * new projects.
 */
export function feedsOfPage(id: RouteId, params: Readonly<Record<string, string | undefined>>): readonly FeedName[] {
  if (id === 'home') return ['news', 'events', 'projects']
  if (id === 'media') return params.id === 'news' ? ['news'] : []
  if (id === 'event-list') return ['events']
  if (id === 'guide-project' || id === 'all-projects' || id === 'project-category-list') return ['projects']
  return []
}

/**
 * The licence the open data are published under (docs/product.md#open-data): anyone may reuse them, naming the source.
 * The dataset page states it, the JSON downloads carry it, and every download links it (`Link: rel="license"`).
 */
export const OPEN_DATA_LICENCE = Object.freeze({
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
})

const DATASETS = ['projects', 'regions'] as const
export type Dataset = (typeof DATASETS)[number]
export const DATA_FORMATS = ['csv', 'json'] as const
export type DataFormat = (typeof DATA_FORMATS)[number]

/** The project filters a download of projects takes, as the all-projects page keeps them in its query. */
const DOWNLOAD_FILTERS = ['category_id', 'sector_id', 'region_id', 'amount_id', 'status'] as const

/** A download's address: `/{locale}/open-data/{dataset}.{format}`, with the page's filters for projects. */
export function dataHref(
  locale: Locale,
  dataset: Dataset,
  format: DataFormat,
  filters: Readonly<Record<string, string | undefined>> = {},
): string {
  const query = new URLSearchParams()
  if (dataset === 'projects')
    for (const name of DOWNLOAD_FILTERS) {
      const value = filters[name]
      if (value) query.set(name, value)
    }
  const search = query.toString()
  return `/${locale}/open-data/${dataset}.${format}${search ? `?${search}` : ''}`
}

/** The dataset and format a file name (`projects.csv`) names, or null. */
export function readDataFile(file: string): { dataset: Dataset; format: DataFormat } | null {
  const m = /^([a-z]+)\.([a-z]+)$/.exec(file)
  if (!m) return null
  const [, dataset, format] = m
  if (!(DATASETS as readonly string[]).includes(dataset!) || !(DATA_FORMATS as readonly string[]).includes(format!))
    return null
  return { dataset: dataset as Dataset, format: format as DataFormat }
}
