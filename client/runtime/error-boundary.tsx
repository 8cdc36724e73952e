/**
 * The error boundary of the root and of each page (docs/product.md#render-errors): a component that throws in the
 * browser shows the error screen, never an empty page. The screen's code loads when it is needed, and it draws the
 * children again once the route changes, so a navigation away recovers.
 */
import { Component, type ReactNode, Suspense } from 'react'
import { RenderFailure } from '../shell/shell-parts'
import { isHydrated } from './hydration'

type State = { failure?: { error: unknown; hydration: boolean } }

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = {}

  // React retries a document whose hydration threw by drawing it anew: an error that reaches a boundary before the
  // root has committed is that retry's, a failed hydration.
  static getDerivedStateFromError(error: unknown): State {
    return { failure: { error, hydration: !isHydrated() } }
  }

  render() {
    const { failure } = this.state
    if (!failure) return this.props.children
    return (
      <Suspense>
        <RenderFailure {...failure} retry={() => this.setState({ failure: undefined })} />
      </Suspense>
    )
  }
}
