/** What the edge takes from the client room: the document root and the eager page registry. */

export { lazyComponentsWarm, warmLazyComponents } from './runtime/lazy-component'
export { installPages } from './runtime/pages'
export { pages as eagerPages } from './runtime/pages-eager'
export type { RecalledLivePart, SectionMemory, SectionRecorder } from './runtime/static-section-context'
export { Root } from './shell/root'
export { provideEdgeIcons } from './ui/icon'
export { ICONS } from './ui/icons'
export { EXTRA_ICONS } from './ui/icons-extra'
