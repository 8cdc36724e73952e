/**
 * The editor's schema: the portal's allow-list of rich text (docs/security.md#rendering), no more. Each element the
 * gateway keeps and the portal draws has a node or a mark here, and nothing else does: what the editor shows is what
 * the portal keeps, and anything pasted is parsed through these rules, so Word's, Google Docs' or a web page's markup is
 * reduced to them (docs/decisions/0055-console-editor.md).
 *
 * Paragraphs, headings 2 to 4 (the page owns its h1), bulleted and numbered lists, links, bold and italic, line breaks,
 * quotations, tables (a header row, cells spanning rows or columns) and images (an uploaded file of the portal with its
 * alternative text, and a caption).
 */
import { type Extensions, Mark, Node } from '@tiptap/core'
import { Blockquote } from '@tiptap/extension-blockquote'
import { Bold } from '@tiptap/extension-bold'
import { Document } from '@tiptap/extension-document'
import { HardBreak } from '@tiptap/extension-hard-break'
import { Heading } from '@tiptap/extension-heading'
import { Italic } from '@tiptap/extension-italic'
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list'
import { Paragraph } from '@tiptap/extension-paragraph'
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table'
import { Text } from '@tiptap/extension-text'
import { Dropcursor, Gapcursor, UndoRedo } from '@tiptap/extensions'
import { isKeptHref, isPortalImage } from './rules'

/** A link: only an address the sanitiser keeps; a pasted link to anything else keeps its text and loses the link. */
const Link = Mark.create({
  name: 'link',
  priority: 1000,
  inclusive: false,
  addAttributes() {
    return { href: { default: null } }
  },
  parseHTML() {
    return [
      {
        tag: 'a[href]',
        getAttrs: (el) => {
          const href = (el as HTMLElement).getAttribute('href') ?? ''
          return isKeptHref(href) ? { href } : false
        },
      },
    ]
  },
  renderHTML({ HTMLAttributes }) {
    return ['a', { href: HTMLAttributes.href }, 0]
  },
})

/** What an image node holds: the portal's address of the file, its alternative text, its caption. */
export type ImageAttrs = { src: string; alt: string; caption: string }

/** How an image's file is shown in the console, which cannot load the portal's addresses (set by the editor). */
export type ImagePreview = (src: string) => string

/**
 * An image: `<figure><img src alt><figcaption>…</figcaption></figure>`, edited as one piece through the image dialog.
 * Only the portal's own uploads with alternative text are images; anything else pasted is left out.
 */
const Figure = Node.create<{ preview: ImagePreview }>({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,
  addOptions() {
    return { preview: (src: string) => src }
  },
  addAttributes() {
    return { src: { default: '' }, alt: { default: '' }, caption: { default: '' } }
  },
  parseHTML() {
    const read = (img: HTMLImageElement | null, caption: string): ImageAttrs | false => {
      const src = img?.getAttribute('src') ?? ''
      const alt = (img?.getAttribute('alt') ?? '').trim()
      return isPortalImage(src) && alt ? { src, alt, caption: caption.trim() } : false
    }
    return [
      {
        tag: 'figure',
        getAttrs: (el) =>
          read(
            (el as HTMLElement).querySelector('img'),
            (el as HTMLElement).querySelector('figcaption')?.textContent ?? '',
          ),
      },
      { tag: 'img[src]', getAttrs: (el) => read(el as HTMLImageElement, '') },
    ]
  },
  renderHTML({ node }) {
    const { src, alt, caption } = node.attrs as ImageAttrs
    return caption ? ['figure', ['img', { src, alt }], ['figcaption', caption]] : ['figure', ['img', { src, alt }]]
  },
  addNodeView() {
    return ({ node }) => {
      const { src, alt, caption } = node.attrs as ImageAttrs
      const figure = document.createElement('figure')
      figure.className = 'rich-figure'
      const img = document.createElement('img')
      img.src = this.options.preview(src)
      img.alt = alt
      figure.append(img)
      if (caption) {
        const figcaption = document.createElement('figcaption')
        figcaption.textContent = caption
        figure.append(figcaption)
      }
      return { dom: figure }
    }
  },
})

/** Headings 2 to 4; a pasted h1 reads as h2 and h5 or h6 as h4, as the portal draws them. */
const Headings = Heading.extend({
  parseHTML() {
    return [
      { tag: 'h1', attrs: { level: 2 } },
      { tag: 'h2', attrs: { level: 2 } },
      { tag: 'h3', attrs: { level: 3 } },
      { tag: 'h4', attrs: { level: 4 } },
      { tag: 'h5', attrs: { level: 4 } },
      { tag: 'h6', attrs: { level: 4 } },
    ]
  },
}).configure({ levels: [2, 3, 4] })

/** A numbered list without the `start` and `type` the allow-list drops. */
const NumberedList = OrderedList.extend({
  addAttributes() {
    return {}
  },
  renderHTML() {
    return ['ol', 0]
  },
})

/** A list item: a plain `li` (no `data-type` the allow-list would drop). */
const Item = ListItem.extend({
  renderHTML() {
    return ['li', 0]
  },
})

/** Cells keep their spans only; widths and alignment are not kept by the portal. */
const spanAttributes = {
  colspan: { default: 1 },
  rowspan: { default: 1 },
  colwidth: { default: null, rendered: false },
}
const Cell = TableCell.extend({
  addAttributes: () => spanAttributes,
  renderHTML({ HTMLAttributes }) {
    return ['td', spans(HTMLAttributes), 0]
  },
})
const HeaderCell = TableHeader.extend({
  addAttributes: () => spanAttributes,
  renderHTML({ HTMLAttributes }) {
    return ['th', spans(HTMLAttributes), 0]
  },
})
function spans(attrs: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of ['colspan', 'rowspan'])
    if (Number(attrs[name]) > 1 && Number(attrs[name]) < 100) out[name] = String(attrs[name])
  return out
}
/** A table as `table > tbody > tr`, without the column widths and styles the portal does not keep. */
const PlainTable = Table.extend({
  renderHTML() {
    return ['table', ['tbody', 0]]
  },
}).configure({ resizable: false, allowTableNodeSelection: false })

/** The extensions of an editor: the allow-list's elements, undo, and the cursors around tables and images. */
export function allowListExtensions(preview: ImagePreview): Extensions {
  return [
    Document,
    Paragraph.configure({ HTMLAttributes: {} }),
    Text,
    Headings,
    Bold,
    Italic,
    Link,
    HardBreak,
    BulletList,
    NumberedList,
    Item,
    Blockquote,
    PlainTable,
    TableRow,
    HeaderCell,
    Cell,
    Figure.configure({ preview }),
    UndoRedo,
    Dropcursor,
    Gapcursor,
  ]
}
