/**
 * The editor's two dialogs (docs/decisions/0055-console-editor.md#links-and-images): a link to one of the portal's
 * pages, found by its title across kinds and kept as the page's path in the text's language, or to an address the
 * sanitiser keeps; and an image from the item's uploads or uploaded here, with its alternative text in the text's
 * language. Native modal dialogs: the browser keeps the focus inside and Escape closes them.
 */
import type { Editor } from '@tiptap/core'
import { NodeSelection } from '@tiptap/pm/state'
import { isKeptHref } from './rules'
import type { ImageAttrs } from './schema'
import { h, type Texts } from './texts'

/** Opens `content` as a modal dialog titled `title`; `done` runs once it closes, however it closes. */
function modal(title: string, content: HTMLElement, done: () => void): HTMLDialogElement {
  const heading = h('h2', { id: 'rich-dialog-title', text: title })
  const dialog = h('dialog', { class: 'rich-dialog', 'aria-labelledby': 'rich-dialog-title' }, heading, content)
  dialog.addEventListener('close', () => {
    dialog.remove()
    done()
  })
  document.body.append(dialog)
  dialog.showModal()
  return dialog
}

/** A field of a dialog: its label, control, hint and the place its error shows. */
function field(id: string, label: string, control: HTMLInputElement, hint?: string): HTMLElement {
  const error = h('p', { class: 'field__error', id: `${id}-error`, hidden: true })
  control.id = id
  control.classList.add('input')
  control.setAttribute('aria-describedby', [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' '))
  return h(
    'div',
    { class: 'field' },
    h('label', { class: 'field__label', for: id, text: label }),
    hint ? h('p', { class: 'field__hint', id: `${id}-hint`, text: hint }) : null,
    error,
    control,
  )
}

/** Shows `message` as the control's error, or clears it. */
function setError(control: HTMLInputElement, message: string | null): void {
  const error = document.getElementById(`${control.id}-error`)
  if (!error) return
  error.textContent = message ?? ''
  error.hidden = !message
  if (message) control.setAttribute('aria-invalid', 'true')
  else control.removeAttribute('aria-invalid')
}

type LinkTarget = { title: string; kind: string; path: string; publication: string | null }

/** The link dialog for the selection (or the link the cursor is in). */
export function openLinkDialog(editor: Editor, form: HTMLFormElement, t: Texts, lang: string): void {
  const existing = (editor.getAttributes('link').href as string | undefined) ?? ''
  const apply = (href: string, text: string) => {
    dialog.close()
    const chain = editor.chain().focus().extendMarkRange('link')
    if (editor.state.selection.empty && !existing)
      chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }).run()
    else chain.setMark('link', { href }).run()
  }

  const search = h('input', { type: 'search', autocomplete: 'off' })
  const status = h('p', { class: 'rich-dialog__status', role: 'status' })
  const results = h('ul', { class: 'rich-dialog__results' })
  let asked = 0
  let timer = 0
  const find = async () => {
    const q = search.value.trim()
    const mine = ++asked
    results.replaceChildren()
    if (q.length < 2) {
      status.textContent = ''
      return
    }
    status.textContent = t('searching')
    try {
      const url = `${form.dataset.linkSearch}?${new URLSearchParams({ q, lang })}`
      const res = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'error' })
      if (!res.ok) throw new Error(String(res.status))
      const { items } = (await res.json()) as { items: LinkTarget[] }
      if (mine !== asked) return
      status.textContent = items.length ? t('found', { n: items.length }) : t('foundNone')
      for (const item of items) {
        const button = h(
          'button',
          { type: 'button', class: 'rich-dialog__result', 'data-path': item.path },
          h('span', { class: 'rich-dialog__result-title', lang, text: item.title }),
          h('span', {
            class: 'rich-dialog__result-meta',
            text: [item.kind, item.path, item.publication === 'published' ? '' : t('unpublished')]
              .filter(Boolean)
              .join(' · '),
          }),
        )
        button.addEventListener('click', () => apply(item.path, item.title))
        results.append(h('li', {}, button))
      }
    } catch {
      if (mine === asked) status.textContent = t('searchFailed')
    }
  }
  search.addEventListener('input', () => {
    clearTimeout(timer)
    timer = window.setTimeout(find, 250)
  })

  const address = h('input', { type: 'text', inputmode: 'url', autocomplete: 'off', spellcheck: 'false' })
  address.value = existing
  const useAddress = h('button', { type: 'button', class: 'btn btn--outline btn--primary', text: t('linkAddress') })
  useAddress.addEventListener('click', () => {
    const href = address.value.trim()
    if (!isKeptHref(href)) {
      setError(address, t('linkInvalid'))
      address.focus()
      return
    }
    apply(href, href.replace(/^(mailto|tel):/i, ''))
  })
  address.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    useAddress.click()
  })

  const remove = h('button', { type: 'button', class: 'btn btn--outline btn--danger', text: t('unlink') })
  remove.hidden = !existing
  remove.addEventListener('click', () => {
    dialog.close()
    editor.chain().focus().extendMarkRange('link').unsetMark('link').run()
  })
  const cancel = h('button', { type: 'button', class: 'btn btn--outline btn--primary', text: t('cancel') })
  cancel.addEventListener('click', () => dialog.close())

  const body = h(
    'div',
    { class: 'rich-dialog__body' },
    h(
      'section',
      { class: 'rich-dialog__part' },
      field('rich-link-search', t('linkSearch'), search, t('linkSearchHint')),
      status,
      results,
    ),
    h(
      'section',
      { class: 'rich-dialog__part' },
      field('rich-link-address', t('linkAddressLabel'), address, t('linkAddressHint')),
      useAddress,
    ),
    h('div', { class: 'form__actions' }, remove, cancel),
  )
  const dialog = modal(t('linkTitle'), body, () => undefined)
  search.focus()
}

type Upload = { src: string; name: string }

/** The image dialog: a new image at the cursor, or the chosen image's details. */
export function openImageDialog(editor: Editor, form: HTMLFormElement, t: Texts, lang: string): void {
  const selection = editor.state.selection
  const editing =
    selection instanceof NodeSelection && selection.node.type.name === 'figure'
      ? (selection.node.attrs as ImageAttrs)
      : null
  let uploads: Upload[] = []
  try {
    uploads = JSON.parse(form.dataset.uploads ?? '[]') as Upload[]
  } catch {
    uploads = []
  }
  const preview = (src: string) => {
    const id = /\/document\/public\/file\/([A-Za-z0-9_-]+)$/.exec(src)?.[1]
    return id ? `${form.dataset.imagePreview}/${id}` : src
  }

  const choices = h('div', { class: 'rich-dialog__images' })
  const none = h('p', { class: 'field__hint', text: t('imageNone') })
  const addChoice = (upload: Upload, checked: boolean) => {
    none.hidden = true
    const id = `rich-image-${choices.children.length}`
    const radio = h('input', { type: 'radio', name: 'rich-image', id, value: upload.src, checked })
    choices.append(
      h(
        'div',
        { class: 'rich-dialog__image' },
        radio,
        h('label', { for: id }, h('img', { src: preview(upload.src), alt: '' }), h('span', { text: upload.name })),
      ),
    )
    if (checked) radio.checked = true
    return radio
  }
  const known = new Set<string>()
  for (const upload of editing ? [{ src: editing.src, name: '' }, ...uploads] : uploads) {
    if (known.has(upload.src)) continue
    known.add(upload.src)
    addChoice(upload, upload.src === editing?.src)
  }
  none.hidden = known.size > 0
  const picked = () => choices.querySelector<HTMLInputElement>('input[name="rich-image"]:checked')?.value ?? ''

  const file = h('input', { type: 'file', accept: 'image/jpeg,image/png,image/webp' })
  const progress = h('progress', { max: '1', value: '0', hidden: true, 'aria-label': t('imageUploading') })
  file.addEventListener('change', () => {
    const chosen = file.files?.[0]
    if (!chosen || !form.dataset.imageUpload) return
    setError(file, null)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', form.dataset.imageUpload)
    xhr.setRequestHeader('accept', 'application/json')
    progress.hidden = false
    progress.value = 0
    xhr.upload.addEventListener('progress', (e) => {
      if (!e.lengthComputable) return
      progress.max = e.total
      progress.value = e.loaded
    })
    xhr.addEventListener('error', () => {
      progress.hidden = true
      setError(file, t('uploadFailed'))
    })
    xhr.addEventListener('load', () => {
      progress.hidden = true
      let answer: { src?: string; name?: string; message?: string } = {}
      try {
        answer = JSON.parse(xhr.responseText) as typeof answer
      } catch {
        answer = {}
      }
      if (xhr.status === 201 && answer.src) {
        // The item's images from now on, for this text and the other languages' (saved with the item's text).
        uploads.push({ src: answer.src, name: answer.name ?? chosen.name })
        form.dataset.uploads = JSON.stringify(uploads)
        known.add(answer.src)
        addChoice({ src: answer.src, name: answer.name ?? chosen.name }, true).focus()
        file.value = ''
      } else setError(file, answer.message ?? t('uploadFailed'))
    })
    const body = new FormData()
    body.append('file', chosen)
    xhr.send(body)
  })

  const alt = h('input', { type: 'text', lang, required: true, maxlength: '300' })
  alt.value = editing?.alt ?? ''
  const caption = h('input', { type: 'text', lang, maxlength: '300' })
  caption.value = editing?.caption ?? ''
  const names = JSON.parse(form.dataset.languageNames ?? '{}') as Record<string, string>
  const language = names[lang] ?? lang
  const insert = h('button', {
    type: 'button',
    class: 'btn btn--solid btn--primary',
    text: t(editing ? 'imageUpdate' : 'imageInsert'),
  })
  const choiceError = h('p', { class: 'field__error', id: 'rich-image-choice-error', hidden: true })
  insert.addEventListener('click', () => {
    const src = picked()
    choiceError.textContent = src ? '' : t('imageChoose')
    choiceError.hidden = !!src
    setError(alt, alt.value.trim() ? null : t('imageAltRequired', { language }))
    if (!src) return (choices.querySelector('input') ?? file).focus()
    if (!alt.value.trim()) return alt.focus()
    const attrs: ImageAttrs = { src, alt: alt.value.trim(), caption: caption.value.trim() }
    dialog.close()
    if (editing) editor.chain().focus().updateAttributes('figure', attrs).run()
    else editor.chain().focus().insertContent({ type: 'figure', attrs }).run()
  })
  const cancel = h('button', { type: 'button', class: 'btn btn--outline btn--primary', text: t('cancel') })
  cancel.addEventListener('click', () => dialog.close())

  const body = h(
    'div',
    { class: 'rich-dialog__body' },
    h(
      'fieldset',
      { class: 'rich-dialog__part', 'aria-describedby': 'rich-image-choice-error' },
      h('legend', { text: t('imageFromItem') }),
      choiceError,
      none,
      choices,
    ),
    h(
      'div',
      { class: 'rich-dialog__part' },
      field('rich-image-file', t('imageUpload'), file, t('imageUploadHint')),
      progress,
    ),
    field('rich-image-alt', t('imageAlt', { language }), alt, t('imageAltHint')),
    field('rich-image-caption', t('imageCaption'), caption),
    h('div', { class: 'form__actions' }, insert, cancel),
  )
  const dialog = modal(t('imageTitle'), body, () => undefined)
  ;(choices.querySelector<HTMLInputElement>('input:checked') ?? choices.querySelector('input') ?? file).focus()
}
