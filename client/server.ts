/** What the edge takes from the client room: the document root and the eager page registry. */
export { Root } from './root'
export { installPages } from './pages'
export { pages as eagerPages } from './pages/eager'
export { ICONS } from './components/icons'
export { EXTRA_ICONS } from './components/icons-extra'
export { provideEdgeIcons } from './components/icon'
export { lazyComponentsWarm, warmLazyComponents } from './lazy-component'
