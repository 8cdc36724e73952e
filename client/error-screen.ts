/** The error screen's code loads with an error: before hydrating an error document, or with the navigation to one. */
import { lazyComponent } from './lazy-component'

export const ErrorScreen = lazyComponent(() => import('./components/error-screen').then((m) => m.ErrorScreen))
