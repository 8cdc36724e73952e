/**
 * The rich-text editor of a content form (docs/decisions/0055-console-editor.md): each `html` field's text area
 * (`textarea[data-rich-text]`) gets a toolbar and an editor whose schema is the portal's allow-list. The text area stays
 * in the form, hidden, and holds the editor's HTML after every change, so the form posts what it posted without this
 * script; the gateway's sanitiser stays the authority. Loaded only by content forms with rich text.
 */
import { Editor } from '@tiptap/core'
import { openImageDialog, openLinkDialog } from './dialogs'
import { cleanPastedHtml } from './paste'
import { allowListExtensions } from './schema'
import { h, readTexts, type Texts } from './texts'

/** A toolbar button: what it does, whether it is on where the cursor is, and its shortcut as shown and as ARIA says. */
type Action = {
  name: string
  run: (editor: Editor) => void
  isOn?: (editor: Editor) => boolean
  keys?: string
  /** Shown only inside a table. */
  table?: boolean
}

const isMac = /Mac|iPhone|iPad/.test(navigator.platform)
/** A shortcut as ARIA names it (`Control+B`) and as the tooltip shows it (`Ctrl+B`, `⌘B`). */
function shortcut(keys: string): { aria: string; shown: string } {
  const aria = keys.replace('Mod', isMac ? 'Meta' : 'Control')
  return {
    aria,
    shown: isMac
      ? aria.replace('Meta+', '⌘').replace('Alt+', '⌥').replace('Shift+', '⇧')
      : aria.replace('Control', 'Ctrl'),
  }
}

/** Every toolbar action, in the toolbar's order; shortcuts are the schema extensions' own, plus Mod+K for a link. */
function actions(form: HTMLFormElement, t: Texts, lang: string): Action[] {
  const chain = (e: Editor) => e.chain().focus()
  return [
    {
      name: 'paragraph',
      run: (e) => chain(e).setParagraph().run(),
      isOn: (e) => e.isActive('paragraph'),
      keys: 'Mod+Alt+0',
    },
    ...([2, 3, 4] as const).map((level) => ({
      name: `heading${level}`,
      run: (e: Editor) => chain(e).toggleHeading({ level }).run(),
      isOn: (e: Editor) => e.isActive('heading', { level }),
      keys: `Mod+Alt+${level}`,
    })),
    { name: 'bold', run: (e) => chain(e).toggleBold().run(), isOn: (e) => e.isActive('bold'), keys: 'Mod+B' },
    { name: 'italic', run: (e) => chain(e).toggleItalic().run(), isOn: (e) => e.isActive('italic'), keys: 'Mod+I' },
    {
      name: 'bulletList',
      run: (e) => chain(e).toggleBulletList().run(),
      isOn: (e) => e.isActive('bulletList'),
      keys: 'Mod+Shift+8',
    },
    {
      name: 'orderedList',
      run: (e) => chain(e).toggleOrderedList().run(),
      isOn: (e) => e.isActive('orderedList'),
      keys: 'Mod+Shift+7',
    },
    {
      name: 'blockquote',
      run: (e) => chain(e).toggleBlockquote().run(),
      isOn: (e) => e.isActive('blockquote'),
      keys: 'Mod+Shift+B',
    },
    { name: 'link', run: (e) => openLinkDialog(e, form, t, lang), isOn: (e) => e.isActive('link'), keys: 'Mod+K' },
    { name: 'image', run: (e) => openImageDialog(e, form, t, lang), isOn: (e) => e.isActive('figure') },
    {
      name: 'table',
      run: (e) => chain(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      isOn: (e) => e.isActive('table'),
    },
    { name: 'addRow', run: (e) => chain(e).addRowAfter().run(), table: true },
    { name: 'addColumn', run: (e) => chain(e).addColumnAfter().run(), table: true },
    { name: 'deleteRow', run: (e) => chain(e).deleteRow().run(), table: true },
    { name: 'deleteColumn', run: (e) => chain(e).deleteColumn().run(), table: true },
    { name: 'deleteTable', run: (e) => chain(e).deleteTable().run(), table: true },
    { name: 'undo', run: (e) => chain(e).undo().run(), keys: 'Mod+Z' },
    { name: 'redo', run: (e) => chain(e).redo().run(), keys: 'Mod+Shift+Z' },
  ]
}

/** The toolbar: one tab stop, arrows move between its buttons (the ARIA toolbar pattern), Escape goes back to the text. */
function toolbar(editor: Editor, list: Action[], t: Texts, label: string): HTMLElement {
  const bar = h('div', { role: 'toolbar', class: 'rich__toolbar', 'aria-label': label })
  const buttons = list.map((action) => {
    const keys = action.keys ? shortcut(action.keys) : null
    const name = t(action.name)
    const button = h('button', {
      type: 'button',
      class: `rich__button rich__button--${action.name}`,
      'data-action': action.name,
      'aria-keyshortcuts': keys?.aria,
      title: keys ? `${name} (${keys.shown})` : undefined,
      tabindex: '-1',
      text: name,
    })
    // The text takes the focus back at once, so the next key typed goes into it.
    button.addEventListener('click', () => {
      editor.view.focus()
      action.run(editor)
    })
    bar.append(button)
    return { action, button }
  })
  let current = 0
  const visible = () => buttons.filter((b) => !b.button.hidden)
  const focusAt = (index: number) => {
    const shown = visible()
    const next = shown[(index + shown.length) % shown.length]!
    for (const b of buttons) b.button.tabIndex = -1
    next.button.tabIndex = 0
    current = buttons.indexOf(next)
    next.button.focus()
  }
  bar.addEventListener('keydown', (event) => {
    const shown = visible()
    const at = shown.findIndex((b) => b.button === document.activeElement)
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') focusAt(at + 1)
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') focusAt(at - 1)
    else if (event.key === 'Home') focusAt(0)
    else if (event.key === 'End') focusAt(shown.length - 1)
    else if (event.key === 'Escape') editor.commands.focus()
    else return
    event.preventDefault()
  })
  const update = () => {
    const inTable = editor.isActive('table')
    for (const { action, button } of buttons) {
      if (action.table) button.hidden = !inTable
      if (action.isOn) button.setAttribute('aria-pressed', String(action.isOn(editor)))
    }
    if (buttons[current]!.button.hidden) current = 0
    for (const [i, b] of buttons.entries()) b.button.tabIndex = i === current ? 0 : -1
  }
  editor.on('transaction', update)
  update()
  ;(bar as HTMLElement & { focusToolbar?: () => void }).focusToolbar = () => focusAt(current)
  return bar
}

/** Turns one rich-text field's text area into an editor. */
function enhance(textarea: HTMLTextAreaElement, form: HTMLFormElement, t: Texts): void {
  const field = textarea.closest('.field') ?? textarea.parentElement!
  const lang = textarea.lang || document.documentElement.lang
  const label = form.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(textarea.id)}"]`)
  if (label && !label.id) label.id = `${textarea.id}-label`
  const helpId = `${textarea.id}-keys`
  const help = h('p', { class: 'field__hint rich__help', id: helpId, text: t('keysHelp') })
  const surface = h('div', { class: 'rich__surface' })
  const preview = form.dataset.imagePreview ?? ''
  const describedBy = [textarea.getAttribute('aria-describedby'), helpId].filter(Boolean).join(' ')
  const editor = new Editor({
    element: surface,
    // The console's sheet carries the editor's few rules: the CSP lets no other style in.
    injectCSS: false,
    extensions: allowListExtensions((src) => {
      const id = /\/document\/public\/file\/([A-Za-z0-9_-]+)$/.exec(src)?.[1]
      return id && preview ? `${preview}/${id}` : src
    }),
    content: textarea.value,
    editorProps: {
      attributes: {
        class: 'rich__text',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(label ? { 'aria-labelledby': label.id } : {}),
        'aria-describedby': describedBy,
        ...(textarea.getAttribute('aria-invalid') ? { 'aria-invalid': 'true' } : {}),
        lang,
        spellcheck: 'true',
      },
      transformPastedHTML: cleanPastedHtml,
    },
  })
  const list = actions(form, t, lang)
  const bar = toolbar(editor, list, t, t('toolbar', { field: label?.textContent?.trim() ?? '' }))
  const focusToolbar = (bar as HTMLElement & { focusToolbar: () => void }).focusToolbar
  // Shortcuts the schema's extensions do not bind: Mod+K for a link, Alt+F10 and Escape to reach the toolbar.
  editor.view.dom.addEventListener('keydown', (event) => {
    const mod = isMac ? event.metaKey : event.ctrlKey
    if (mod && !event.altKey && event.key.toLowerCase() === 'k') openLinkDialog(editor, form, t, lang)
    else if ((event.altKey && event.key === 'F10') || event.key === 'Escape') focusToolbar()
    else return
    event.preventDefault()
  })
  label?.addEventListener('click', () => editor.commands.focus())
  // The text area holds the editor's HTML after every change; an empty editor is an empty field, as before.
  editor.on('update', () => {
    textarea.value = editor.isEmpty ? '' : editor.getHTML()
    textarea.dispatchEvent(new Event('input', { bubbles: true }))
  })
  // The content form's script puts kept text back into the text area (content-form.ts).
  textarea.addEventListener('console:restore', () => editor.commands.setContent(textarea.value, { emitUpdate: false }))
  textarea.addEventListener('console:focus', () => editor.commands.focus())
  // An editor who was already typing in the text area (the script arrived late) goes on typing in the editor, after
  // what they typed: hiding the focused text area would otherwise drop the focus and the next keys with it.
  const typing = document.activeElement === textarea
  textarea.hidden = true
  textarea.after(h('div', { class: 'rich' }, bar, surface), help)
  field.classList.add('field--rich')
  if (typing) editor.commands.focus('end')
}

/** Enhances the page's rich-text fields, once; again after the upload script draws a refused save in place. */
function start(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-content-form]')) {
    const t = readTexts(form)
    for (const textarea of form.querySelectorAll<HTMLTextAreaElement>('textarea[data-rich-text]:not([hidden])'))
      enhance(textarea, form, t)
  }
}
start()
document.addEventListener('console:page', start)
