/**
 * Readers' answers to "Was this page useful?" (docs/gateway-contract.md#page-feedback), in the content area: the pages
 * with the most "no" first, then the answers, newest first, by answer and page. Nothing in them names who answered.
 */
import { Hono } from 'hono'
import type { Locale } from '../../../../contract/locales'
import type { Pageable } from '../../../../contract/operators/envelope'
import { type FeedbackList, FeedbackListSchema } from '../../../../contract/operators/feedback'
import { FEEDBACK_ANSWERS, type FeedbackAnswer } from '../../../../contract/operators/values'
import type { Translate } from '../../../../shared/i18n/i18n'
import type { ConsoleEnv } from '../../context'
import { translator } from '../../i18n'
import { paths } from '../../paths'
import { listScreen, pick } from '../../screen'
import { formatNumber, ListView, Tabs, Time } from '../../ui'

/** A portal path as the gateway takes it: lower-case segments below the language prefix. */
const PATH = /^\/(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*)?$/

function FeedbackView({
  t,
  lang,
  answer,
  path,
  list,
  pageable,
}: {
  t: Translate
  lang: Locale
  answer: FeedbackAnswer
  path: string
  list: FeedbackList
  pageable: Pageable | null
}) {
  const link = (query: { answer?: FeedbackAnswer; path?: string; page?: number }) =>
    paths.pageFeedback(lang, { answer: answer === 'all' ? undefined : answer, path, ...query })
  const head = (
    <>
      <p>{t('feedback.intro')}</p>
      <p>
        {t('feedback.totals', { yes: formatNumber(lang, list.counts.yes), no: formatNumber(lang, list.counts.no) })}
      </p>
      {list.pages.length ? (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{t('feedback.pagesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('feedback.page')}</th>
                <th scope="col">{t('feedback.yes')}</th>
                <th scope="col">{t('feedback.no')}</th>
              </tr>
            </thead>
            <tbody>
              {list.pages.map((p) => (
                <tr key={p.path}>
                  <td>
                    <a href={link({ path: p.path, page: undefined })}>{p.path}</a>
                  </td>
                  <td>{formatNumber(lang, p.yes)}</td>
                  <td>{formatNumber(lang, p.no)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Tabs
        label={t('feedback.answerFilter')}
        tabs={FEEDBACK_ANSWERS.map((a) => ({
          label: t(`feedback.answers.${a}`),
          href: paths.pageFeedback(lang, { answer: a === 'all' ? undefined : a, path }),
          current: a === answer,
        }))}
      />
      {path ? (
        <p>
          {t('feedback.onPage', { path })} <a href={link({ path: undefined })}>{t('feedback.allPages')}</a>
        </p>
      ) : null}
    </>
  )
  return (
    <ListView
      t={t}
      head={head}
      caption={t('feedback.caption')}
      columns={[
        { label: t('feedback.when'), cell: (item) => <Time iso={item.created_at} /> },
        { label: t('feedback.page'), cell: (item) => item.path },
        { label: t('feedback.language'), cell: (item) => item.lang },
        { label: t('feedback.answer'), cell: (item) => t(item.useful ? 'feedback.yes' : 'feedback.no') },
        { label: t('feedback.comment'), cell: (item) => item.comment, lang: (item) => item.lang },
      ]}
      items={list.items}
      rowKey={(item) => item.id}
      empty={t('feedback.empty')}
      pageable={pageable}
      href={(page) => link({ page })}
    />
  )
}

export const pageFeedback = new Hono<ConsoleEnv>()

pageFeedback.get('/', (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = pick(c.req.query('answer'), FEEDBACK_ANSWERS)
  const asked = (c.req.query('path') ?? '').trim()
  const path = PATH.test(asked) && asked.length <= 200 ? asked : ''
  return listScreen(c, {
    screen: 'content',
    title: t('feedback.title'),
    call: '/core/operator/feedback',
    schema: FeedbackListSchema,
    query: { answer: answer === 'all' ? undefined : answer, path: path || undefined },
    counts: null,
    draw: (list, pageable) => (
      <FeedbackView t={t} lang={lang} answer={answer} path={path} list={list} pageable={pageable} />
    ),
  })
})
