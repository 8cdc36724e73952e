/**
 * The editors' screens (docs/decisions/0030-operator-console.md#content-screens) on the operators' content API
 * (docs/gateway-contract.md#operator-content): the kinds, each kind's list, a new item and an item's form with its
 * children and files, publishing now or at a time, preview links, and the agency's contacts.
 */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import {
  BinSchema,
  ContentItemSchema,
  ContentListSchema,
  ContentSavedSchema,
  DeletedSchema,
  PreviewSchema,
  PublishedSchema,
  RestoredSchema,
  UnpublishedSchema,
} from '../../../../contract/operators/content'
import { type Failure, gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { translateCode, translator } from '../../i18n'
import { paths } from '../../paths'
import { renderRefusal } from '../../refusal'
import {
  type Ctx,
  idOf,
  listScreen,
  pick,
  readFields,
  redirectWith,
  refusedStatus,
  renderFailure,
  renderScreen,
} from '../../screen'
import { fromLocalTime } from '../../time'
import { reachesArea } from '../areas'
import { editorRoutes, formScripts } from './editor'
import { PUBLICATION_FILTERS } from './kinds'
import { kindName, titleOfValues } from './names'
import { pageFeedback } from './page-feedback'
import {
  type ContentSave,
  kindOfRequest,
  readContentSave,
  readKinds,
  refusalOf,
  type SaveRefusal,
  saveStatus,
  usedByText,
} from './save'
import { siteSettings } from './site-settings'
import { UPLOAD_PROGRESS_SCRIPT } from './upload-progress'
import { BinList, ContentHome, ContentList, ItemRecord, type ItemState, NewItem, NO_ITEM_STATE } from './views'

/** A kind's path pattern, and an item's under it. */
const KIND = '/:kind{[a-z_]{2,40}}'
const ITEM = `${KIND}/:id{[0-9]{1,10}}`

type ShowItem = (c: Ctx, status: ContentfulStatusCode, state: ItemState) => Promise<Response>

const showItem: ShowItem = async (c, status, state) => {
  const lang = c.get('lang')
  const t = translator(lang)
  const found = await kindOfRequest(c)
  if (found instanceof Response) return found
  const { kind, kinds } = found
  const answer = await gatewayFor(c).get(`/core/operator/content/${kind.kind}/${idOf(c)}`, ContentItemSchema)
  if (!answer.ok) return renderFailure(c, answer)
  const item = answer.content
  const title = titleOfValues(lang, kind, item.values) || t('content.untitled', { id: item.id })
  return renderScreen(c, {
    status,
    screen: 'content',
    title: `${kindName(t, kind.kind)}: ${title}`,
    body: <ItemRecord t={t} lang={lang} kind={kind} kinds={kinds} item={item} state={state} />,
    counts: null,
    script: UPLOAD_PROGRESS_SCRIPT,
    scripts: formScripts(kind, kinds),
  })
}

const showNewItem: ShowItem = async (c, status, state) => {
  const lang = c.get('lang')
  const t = translator(lang)
  const found = await kindOfRequest(c)
  if (found instanceof Response) return found
  const { kind, kinds } = found
  return renderScreen(c, {
    status,
    screen: 'content',
    title: t('content.newTitle', { kind: kindName(t, kind.kind) }),
    body: <NewItem t={t} lang={lang} kind={kind} kinds={kinds} state={state} />,
    counts: null,
    script: UPLOAD_PROGRESS_SCRIPT,
    scripts: formScripts(kind, kinds),
  })
}

/** The form drawn again by `show` with why its save was refused, each error beside its field, everything typed kept. */
function showRefusedSave(c: Ctx, save: ContentSave, why: SaveRefusal, show: ShowItem): Promise<Response> {
  const { problem, errors } = refusalOf(save, why)
  return show(c, saveStatus(why), { ...NO_ITEM_STATE, values: save.fields, errors, problem, form: 'save' })
}

/** A refused publish, unpublish or preview: a missing item is its page, anything else the item with the refusal. */
function showRefusedPublishing(c: Ctx, answer: Failure, fields: { id: string; message: string }[] = []) {
  if (answer.status === 404) return renderFailure(c, answer)
  const t = translator(c.get('lang'))
  return showItem(c, refusedStatus(answer), {
    ...NO_ITEM_STATE,
    form: 'publish',
    problem: { message: translateCode(t, answer.code), fields },
  })
}

export const content = new Hono<ConsoleEnv>()

content.get('/', async (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  const kinds = await readKinds(c)
  if (kinds instanceof Response) return kinds
  return renderScreen(c, {
    screen: 'content',
    title: t('sections.content'),
    body: <ContentHome t={t} lang={lang} kinds={kinds.list} admin={reachesArea(c.get('operator'), 'admin')} />,
    counts: null,
  })
})

content.route('/site-settings', siteSettings)
content.route('/feedback', pageFeedback)
content.route('/editor', editorRoutes)

// The bin is the admins' (the gateway checks it again): what was deleted, restored within 30 days.
content.get('/bin', async (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  if (!reachesArea(c.get('operator'), 'admin')) return renderRefusal(c, 403, 'role')
  return listScreen(c, {
    screen: 'content',
    title: t('bin.title'),
    call: '/core/operator/bin',
    schema: BinSchema,
    query: {},
    counts: null,
    draw: (list, pageable) => <BinList t={t} lang={lang} items={list.items} pageable={pageable} />,
  })
})

content.post('/bin/:id{[0-9]{1,10}}/restore', async (c) => {
  const lang = c.get('lang')
  if (!reachesArea(c.get('operator'), 'admin')) return renderRefusal(c, 403, 'role')
  const answer = await gatewayFor(c).post(`/core/operator/bin/${idOf(c)}/restore`, RestoredSchema)
  if (!answer.ok) return renderFailure(c, answer)
  return redirectWith(c, paths.contentItem(lang, answer.content.kind, answer.content.id), 'bin.restored')
})

content.get(KIND, async (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  const found = await kindOfRequest(c)
  if (found instanceof Response) return found
  const { kind } = found
  const publication = pick(c.req.query('publication'), PUBLICATION_FILTERS)
  const q = (c.req.query('q') ?? '').trim().slice(0, 200)
  // A kind listed by a choice (posts by category) takes it by the field's name; an unknown value lists everything.
  const filter = kind.fields.find((f) => f.name === kind.filter)
  const asked = filter ? (c.req.query(filter.name) ?? '') : ''
  const choice = filter?.options?.includes(asked) ? asked : ''
  // A kind that counts its enquiries (projects) can be listed most enquiries first.
  const byInterest = kind.interest && c.req.query('sort') === 'interest'
  return listScreen(c, {
    screen: 'content',
    title: kindName(t, kind.kind),
    call: `/core/operator/content/${kind.kind}`,
    schema: ContentListSchema,
    query: {
      publication: publication === 'all' ? undefined : publication,
      ...(filter ? { [filter.name]: choice || undefined } : {}),
      q,
      sort: byInterest ? 'interest' : undefined,
    },
    counts: null,
    draw: (list, pageable) => (
      <ContentList
        t={t}
        lang={lang}
        kind={kind}
        publication={publication}
        choice={choice}
        q={q}
        byInterest={byInterest}
        items={list.items}
        pageable={pageable}
      />
    ),
  })
})

content.get(`${KIND}/new`, (c) => showNewItem(c, 200, NO_ITEM_STATE))

content.post(`${KIND}/new`, async (c) => {
  const save = await readContentSave(c)
  if (save instanceof Response) return save
  if (save.refused) return showRefusedSave(c, save, save.refused, showNewItem)
  const answer = await gatewayFor(c).post(`/core/operator/content/${save.kind.kind}`, ContentSavedSchema, save.body)
  if (!answer.ok) return showRefusedSave(c, save, answer, showNewItem)
  return redirectWith(c, paths.contentItem(save.lang, save.kind.kind, answer.content.id), 'created')
})

content.get(ITEM, (c) => showItem(c, 200, NO_ITEM_STATE))

content.post(ITEM, async (c) => {
  const save = await readContentSave(c)
  if (save instanceof Response) return save
  if (save.refused) return showRefusedSave(c, save, save.refused, showItem)
  const path = `/core/operator/content/${save.kind.kind}/${idOf(c)}`
  const answer = await gatewayFor(c).put(path, ContentSavedSchema, save.body)
  if (!answer.ok && answer.status === 404) return renderRefusal(c, 404, 'not_found')
  if (!answer.ok) return showRefusedSave(c, save, answer, showItem)
  return redirectWith(c, paths.contentItem(save.lang, save.kind.kind, idOf(c)), 'saved')
})

content.post(`${ITEM}/publish`, async (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  const kind = c.req.param('kind')
  const fields = await readFields(c)
  const local = (fields.publish_at ?? '').trim()
  const publishAt = local ? fromLocalTime(local) : null
  const badTime = [{ id: 'publish-at', message: t('content.errors.publish_at') }]
  if (local && !publishAt)
    return showItem(c, 422, { ...NO_ITEM_STATE, form: 'publish', problem: { message: null, fields: badTime } })
  const body: Record<string, unknown> = {}
  if (publishAt) body.publish_at = publishAt
  if (fields.confirm_incomplete === 'true') body.confirm_incomplete = true
  const answer = await gatewayFor(c).post(`/core/operator/content/${kind}/${idOf(c)}/publish`, PublishedSchema, body)
  if (!answer.ok) {
    if (answer.code === 'translations_missing')
      return showItem(c, 409, { ...NO_ITEM_STATE, confirm: { missing: answer.missing ?? [], publishAt: local } })
    return showRefusedPublishing(c, answer, answer.errors.includes('publish_at') ? badTime : [])
  }
  const scheduled =
    answer.content.publication === 'scheduled' || (publishAt !== null && Date.parse(publishAt) > Date.now())
  return redirectWith(c, paths.contentItem(lang, kind, idOf(c)), scheduled ? 'scheduled' : 'published')
})

content.post(`${ITEM}/unpublish`, async (c) => {
  const kind = c.req.param('kind')
  const answer = await gatewayFor(c).post(`/core/operator/content/${kind}/${idOf(c)}/unpublish`, UnpublishedSchema)
  if (!answer.ok) return showRefusedPublishing(c, answer)
  return redirectWith(c, paths.contentItem(c.get('lang'), kind, idOf(c)), 'unpublished')
})

content.post(`${ITEM}/delete`, async (c) => {
  const t = translator(c.get('lang'))
  const kind = c.req.param('kind')
  const answer = await gatewayFor(c).delete(`/core/operator/content/${kind}/${idOf(c)}`, DeletedSchema)
  if (!answer.ok) {
    if (answer.status === 404) return renderFailure(c, answer)
    const message =
      answer.code === 'in_use'
        ? t('bin.inUse', { uses: usedByText(t, answer.usedBy ?? []) })
        : answer.code === 'published'
          ? t('bin.unpublishFirst')
          : translateCode(t, answer.code)
    return showItem(c, refusedStatus(answer), { ...NO_ITEM_STATE, form: 'publish', problem: { message, fields: [] } })
  }
  return redirectWith(c, paths.contentKind(c.get('lang'), kind), 'bin.deleted')
})

content.post(`${ITEM}/preview`, async (c) => {
  const kind = c.req.param('kind')
  const answer = await gatewayFor(c).post(`/core/operator/content/${kind}/${idOf(c)}/preview`, PreviewSchema)
  if (!answer.ok) return showRefusedPublishing(c, answer)
  return showItem(c, 200, { ...NO_ITEM_STATE, links: answer.content.links })
})
