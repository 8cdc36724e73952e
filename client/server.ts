/** What the edge takes from the client room: the document root and the eager page registry. */

export { provideEdgeIcons } from './components/icon'
export { ICONS } from './components/icons'
export { EXTRA_ICONS } from './components/icons-extra'
export { lazyComponentsWarm, warmLazyComponents } from './lazy-component'
export { installPages } from './pages'
export { pages as eagerPages } from './pages/eager'
export { Root } from './root'
