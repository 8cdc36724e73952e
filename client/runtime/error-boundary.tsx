/**
 * The error boundaries (docs/product.md#render-errors): a component that throws in the browser never leaves an empty
 * page. At the root and around each page the error screen takes the page's place; around a lazily loaded or
 * hydrated-later section (`section`) the error takes only that section's place, with a retry that draws it again on
 * fresh data, while a failed hydration still goes up to the page's boundary, which shows the 404 page. The failure's
 * code loads when it is needed; a page's failure draws the children again once the route changes.
 */
import { Component, lazy, type ReactNode, Suspense } from 'react'
import { isHydrated } from './hydration'

// React's own `lazy`, not `lazyComponent`: that one guards what it loads with this boundary, and the edge never draws
// a failure (it renders errors as the 500 page).
const RenderFailure = lazy(() => import('../ui/error-screen').then((m) => ({ default: m.RenderFailure })))
const SectionFailure = lazy(() => import('../ui/error-screen').then((m) => ({ default: m.SectionFailure })))

type State = { failure?: { error: unknown; hydration: boolean } }

export class ErrorBoundary extends Component<{ children: ReactNode; section?: boolean }, State> {
  state: State = {}

  // React retries a document whose hydration threw by drawing it anew: an error that reaches a boundary before the
  // root has committed is that retry's, a failed hydration.
  static getDerivedStateFromError(error: unknown): State {
    return { failure: { error, hydration: !isHydrated() } }
  }

  render() {
    const { failure } = this.state
    if (!failure) return this.props.children
    if (this.props.section && failure.hydration) throw failure.error
    const Failure = this.props.section ? SectionFailure : RenderFailure
    return (
      <Suspense>
        <Failure {...failure} retry={() => this.setState({ failure: undefined })}>
          {this.props.children}
        </Failure>
      </Suspense>
    )
  }
}
