/**
 * The content form's helpers (docs/decisions/0055-console-editor.md#the-form): one language at a time or two side by
 * side, nothing lost, and each text's length beside it. Without this script the form shows every language one under
 * the other and posts as it always did.
 *
 * - **Languages**: tabs (uz, ru, en), each saying whether the language is translated or misses a required text, and a
 *   comparison of two languages next to each other.
 * - **Nothing lost**: what is typed is kept in this browser per item and language until the item is saved, and
 *   offered back when the form opens again (after a closed tab, or a save that an expired sign-in sent to Access); the
 *   browser asks before leaving a form with changes; after a save the form opens where the editor was.
 * - **Reading checks**: characters and words of each text, the reading time of long ones, and a title's length
 *   against what the share card and search results show of it.
 */
import { h, readTexts, type Texts } from './texts'

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** The share card draws a title in at most three lines, about 90 characters; structured data cuts it at 110. */
const TITLE_CARD = 90
const TITLE_HEADLINE = 110
/** Words a minute for the reading time. */
const WORDS_PER_MINUTE = 200

/** Enhances the page's content form, once; again after the upload script draws a refused save in place. */
function start(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-content-form]:not([data-enhanced])')
  if (!form) return
  form.dataset.enhanced = ''
  enhance(form)
}
start()
document.addEventListener('console:page', start)

function enhance(form: HTMLFormElement): void {
  const t = readTexts(form)
  const names = JSON.parse(form.dataset.languageNames ?? '{}') as Record<string, string>
  const langs = Object.keys(names)
  const controls = () =>
    [...form.elements].filter(
      (el): el is Control =>
        (el instanceof HTMLInputElement && el.type !== 'file' && el.type !== 'hidden') ||
        el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement,
    )
  const currentValue = (el: Control) =>
    el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? String(el.checked) : el.value
  const initial = new Map(controls().map((el) => [el.name, currentValue(el)]))
  const changed = () => controls().filter((el) => el.name && currentValue(el) !== initial.get(el.name))

  const draftKey = form.dataset.draftKey ?? ''
  const languages = languageTabs(form, t, names, langs)
  const drafts = keepDrafts(form, t, names, langs, draftKey, changed, currentValue)
  countText(form, t)

  // Leaving with changes asks first; a submit is not leaving them.
  let submitting = false
  form.addEventListener('submit', () => {
    submitting = true
    const focused = document.activeElement?.closest('.field')?.querySelector<Control>('[name]')?.name ?? ''
    sessionStorage.setItem(
      `console-place:${draftKey}`,
      JSON.stringify({ view: languages.view(), scrollY: window.scrollY, focused, at: Date.now() }),
    )
  })
  window.addEventListener('beforeunload', (event) => {
    if (submitting || !form.isConnected || changed().length === 0) return
    event.preventDefault()
    event.returnValue = ''
  })
  // After a save (the console answers with the item and `?done=`), the drafts it saved go, and the place comes back.
  const done = new URL(location.href).searchParams.get('done')
  const place = JSON.parse(sessionStorage.getItem(`console-place:${draftKey}`) ?? 'null') as {
    view: string[]
    scrollY: number
    focused: string
    at: number
  } | null
  if (done === 'saved' || done === 'created') {
    drafts.clearBefore(place?.at ?? Date.now(), done === 'created')
    const url = new URL(location.href)
    url.searchParams.delete('done')
    history.replaceState(history.state, '', url)
  }
  // Once the page's other scripts ran (the editor, deferred after this one), so a rich text takes the focus back.
  const backToPlace = () => {
    if (!place || !done) return
    languages.show(place.view)
    const target = place.focused ? form.elements.namedItem(place.focused) : null
    if (target instanceof HTMLTextAreaElement && target.hasAttribute('data-rich-text'))
      target.dispatchEvent(new Event('console:focus'))
    else if (target instanceof HTMLElement) target.focus({ preventScroll: true })
    window.scrollTo(0, place.scrollY)
  }
  if (document.readyState === 'complete') backToPlace()
  else window.addEventListener('load', backToPlace, { once: true })
  sessionStorage.removeItem(`console-place:${draftKey}`)
  drafts.offer()
}

/** The tabs of the languages and the comparison; answers which languages show, and shows the ones asked. */
function languageTabs(form: HTMLFormElement, t: Texts, names: Record<string, string>, langs: string[]) {
  const panel = form.querySelector<HTMLElement>('#content-fields')
  const fieldsets = [...form.querySelectorAll<HTMLElement>('fieldset[data-localized]')]
  if (!panel || !fieldsets.length) return { view: () => langs, show: (_: string[]) => undefined }
  const tablist = h('div', { role: 'tablist', class: 'content-tabs__list', 'aria-label': t('languageTabs') })
  const tabs = langs.map((l) => {
    const state = h('span', { class: 'badge' })
    const tab = h(
      'button',
      { type: 'button', role: 'tab', id: `tab-${l}`, class: 'content-tabs__tab', 'aria-controls': 'content-fields' },
      h('span', { lang: l, text: names[l] ?? l }),
      ' ',
      state,
    )
    tablist.append(tab)
    return { l, tab, state }
  })
  const compare = h('button', {
    type: 'button',
    class: 'btn btn--outline btn--primary content-tabs__compare',
    'aria-pressed': 'false',
    text: t('compare'),
  })
  const pick = (id: string, label: string) => {
    const select = h('select', { id, class: 'input input--select' })
    for (const l of langs) select.append(h('option', { value: l, lang: l, text: names[l] ?? l }))
    return {
      select,
      box: h('div', { class: 'field' }, h('label', { class: 'field__label', for: id, text: label }), select),
    }
  }
  const left = pick('compare-left', t('compareLeft'))
  const right = pick('compare-right', t('compareRight'))
  const pair = h('div', { class: 'content-tabs__pair', hidden: true }, left.box, right.box)
  const bar = h('div', { class: 'content-tabs' }, tablist, compare, pair)
  panel.before(bar)
  panel.setAttribute('role', 'tabpanel')

  let view: string[] = [langs[0]!]
  const show = (wanted: string[]) => {
    view = wanted.filter((l) => langs.includes(l)).slice(0, 2)
    if (!view.length) view = [langs[0]!]
    const comparing = view.length === 2
    form.classList.toggle('content-form--compare', comparing)
    document.body.classList.toggle('console--wide', comparing)
    compare.setAttribute('aria-pressed', String(comparing))
    pair.hidden = !comparing
    for (const { l, tab } of tabs) {
      const selected = !comparing && view[0] === l
      tab.setAttribute('aria-selected', String(selected))
      tab.tabIndex = selected || (comparing && l === langs[0]) ? 0 : -1
    }
    panel.setAttribute('aria-labelledby', comparing ? tabs.map((x) => x.tab.id).join(' ') : `tab-${view[0]}`)
    if (comparing) {
      left.select.value = view[0]!
      right.select.value = view[1]!
    }
    for (const fieldset of fieldsets)
      for (const el of fieldset.querySelectorAll<HTMLElement>(':scope > .console-langs__columns > [data-lang]')) {
        const at = view.indexOf(el.dataset.lang ?? '')
        el.hidden = at === -1
        el.style.order = String(at)
      }
  }
  const state = () => {
    for (const { l, state: badge } of tabs) {
      const missing = [
        ...form.querySelectorAll<Control>(`fieldset[data-localized][data-required] [data-lang="${l}"] [name]`),
      ].some((el) => !el.value.trim())
      badge.className = `badge ${missing ? 'badge--waiting' : 'badge--approved'}`
      badge.textContent = missing ? t('missing') : t('translated')
    }
  }
  for (const { l, tab } of tabs) tab.addEventListener('click', () => show([l]))
  tablist.addEventListener('keydown', (event) => {
    const at = tabs.findIndex((x) => x.tab === document.activeElement)
    const to =
      event.key === 'ArrowRight'
        ? at + 1
        : event.key === 'ArrowLeft'
          ? at - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null
    if (to === null || at === -1) return
    event.preventDefault()
    const next = tabs[(to + tabs.length) % tabs.length]!
    show([next.l])
    next.tab.focus()
  })
  compare.addEventListener('click', () => {
    if (view.length === 2) return show([view[0]!])
    const other = langs.find((l) => l !== view[0]) ?? langs[0]!
    show([view[0]!, other])
  })
  const pairChanged = () => {
    if (left.select.value === right.select.value)
      right.select.value = langs.find((l) => l !== left.select.value) ?? right.select.value
    show([left.select.value, right.select.value])
  }
  left.select.addEventListener('change', pairChanged)
  right.select.addEventListener('change', pairChanged)
  form.addEventListener('input', state)
  state()
  // An error sent back shows its language first, so the editor sees it; else the console's own language.
  const invalid = form.querySelector<HTMLElement>('fieldset[data-localized] [data-lang] [aria-invalid="true"]')
  const pageLang = document.documentElement.lang
  show([
    invalid?.closest<HTMLElement>('[data-lang]')?.dataset.lang ?? (langs.includes(pageLang) ? pageLang : langs[0]!),
  ])
  return { view: () => view, show }
}

type Draft = { at: number; fields: Record<string, string> }

/** Typing kept in localStorage per item and language (and `common` for fields of no language) until it is saved. */
function keepDrafts(
  form: HTMLFormElement,
  t: Texts,
  names: Record<string, string>,
  langs: string[],
  key: string,
  changed: () => Control[],
  currentValue: (el: Control) => string,
) {
  const groups = [...langs, 'common']
  const storeKey = (group: string) => `console-draft:${key}:${group}`
  const groupOf = (name: string) => langs.find((l) => name.endsWith(`_${l}`)) ?? 'common'
  const read = (group: string): Draft | null => {
    try {
      return JSON.parse(localStorage.getItem(storeKey(group)) ?? 'null') as Draft | null
    } catch {
      return null
    }
  }
  let timer = 0
  const save = () => {
    const byGroup = new Map<string, Record<string, string>>()
    for (const el of changed()) {
      const group = groupOf(el.name)
      byGroup.set(group, { ...byGroup.get(group), [el.name]: currentValue(el) })
    }
    for (const group of groups) {
      const fields = byGroup.get(group)
      try {
        if (fields) localStorage.setItem(storeKey(group), JSON.stringify({ at: Date.now(), fields }))
        else localStorage.removeItem(storeKey(group))
      } catch {
        // A full or refused storage keeps nothing; the form still posts.
      }
    }
  }
  if (key)
    form.addEventListener('input', () => {
      clearTimeout(timer)
      timer = window.setTimeout(save, 400)
    })

  const put = (name: string, value: string) => {
    const el = form.elements.namedItem(name)
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) el.checked = value === 'true'
    else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)
      el.value = value
    else return
    if (el instanceof HTMLTextAreaElement && el.hasAttribute('data-rich-text'))
      el.dispatchEvent(new Event('console:restore'))
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }

  return {
    clearBefore(at: number, created: boolean) {
      // A new item's drafts were typed in the new item's form, and were saved with it.
      const keys = created && form.dataset.newKey ? [key, form.dataset.newKey] : [key]
      for (const k of keys)
        for (const group of groups) {
          const name = `console-draft:${k}:${group}`
          const draft = JSON.parse(localStorage.getItem(name) ?? 'null') as Draft | null
          if (draft && draft.at <= at) localStorage.removeItem(name)
        }
    },
    offer() {
      if (!key) return
      const kept = groups
        .map((group) => ({ group, draft: read(group) }))
        .filter(({ draft }) =>
          draft
            ? Object.entries(draft.fields).some(([name, value]) => {
                const el = form.elements.namedItem(name)
                return (el instanceof HTMLElement && currentValue(el as Control) !== value) || false
              })
            : false,
        )
      if (!kept.length) return
      const at = Math.max(...kept.map(({ draft }) => draft!.at))
      const time = new Intl.DateTimeFormat(document.documentElement.lang, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(at))
      const which = kept.map(({ group }) => (group === 'common' ? t('draftOther') : (names[group] ?? group))).join(', ')
      const restore = h('button', { type: 'button', class: 'btn btn--solid btn--primary', text: t('draftRestore') })
      const discard = h('button', { type: 'button', class: 'btn btn--outline btn--primary', text: t('draftDiscard') })
      const notice = h(
        'div',
        { class: 'notice notice--warning content-draft', role: 'region', 'aria-labelledby': 'content-draft-text' },
        h('p', { id: 'content-draft-text', text: t('draftFound', { time, languages: which }) }),
        h('div', { class: 'console-actions' }, restore, discard),
      )
      restore.addEventListener('click', () => {
        for (const { draft } of kept) for (const [name, value] of Object.entries(draft!.fields)) put(name, value)
        notice.replaceChildren(h('p', { role: 'status', text: t('draftRestored') }))
      })
      discard.addEventListener('click', () => {
        for (const { group } of kept) localStorage.removeItem(storeKey(group))
        notice.remove()
      })
      form.prepend(notice)
    },
  }
}

/** Characters and words beside each text, the reading time of long ones, and a title's length checks. */
function countText(form: HTMLFormElement, t: Texts): void {
  const number = new Intl.NumberFormat(document.documentElement.lang)
  for (const fieldset of form.querySelectorAll<HTMLElement>('fieldset[data-localized]')) {
    const isTitle = fieldset.hasAttribute('data-title')
    const isLong = fieldset.dataset.type !== 'text'
    for (const control of fieldset.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[data-lang] [name]')) {
      const out = h('p', { class: 'field__counts', id: `${control.id}-counts` })
      const place = control.closest('.field')!
      place.append(out)
      const update = () => {
        const text = fieldset.dataset.type === 'html' ? textOf(control.value) : control.value.trim()
        const words = text ? text.split(/\s+/).length : 0
        const parts = [t('characters', { n: number.format(text.length) }), t('words', { n: number.format(words) })]
        if (isLong && words >= WORDS_PER_MINUTE) parts.push(t('reading', { n: Math.round(words / WORDS_PER_MINUTE) }))
        const warnings: string[] = []
        if (isTitle && text.length > TITLE_HEADLINE) warnings.push(t('titleHeadline', { n: TITLE_HEADLINE }))
        else if (isTitle && text.length > TITLE_CARD) warnings.push(t('titleCard', { n: TITLE_CARD }))
        out.textContent = [parts.join(' · '), ...warnings].join('. ')
        out.classList.toggle('field__counts--warning', warnings.length > 0)
      }
      control.addEventListener('input', update)
      update()
    }
  }
}

/** The text of a rich text's HTML, its blocks apart. */
function textOf(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|h\d|li|td|th|figcaption)>/g, ' $&'), 'text/html')
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()
}
