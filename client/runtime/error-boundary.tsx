/**
 * The error boundaries (docs/product.md#render-errors): a component that throws in the browser never leaves an empty
 * page. At the root and around each page the error screen takes the page's place; around a lazily loaded or
 * hydrated-later section (`section`) the error takes only that section's place, with a retry that draws it again on
 * fresh data, while a failed hydration still goes up to the page's boundary, which shows the 404 page. The failure's
 * code loads when it is needed; a page's failure draws the children again once the route changes.
 */
import { Component, type ComponentType, createContext, type ReactNode, Suspense } from 'react'
import { isHydrated } from './hydration'

type FailureProps = { error: unknown; hydration: boolean; retry: () => void; children: ReactNode }

/**
 * What a boundary draws in a failure's place, around a page (`page`) or a section (`section`). The shell provides them
 * (`shell/shell-parts.ts`), so the boundary, which every lazily loaded part sits in, depends on no screen of ui/.
 */
export type FailureScreens = Readonly<{ page: ComponentType<FailureProps>; section: ComponentType<FailureProps> }>

const FailureScreensContext = createContext<FailureScreens | null>(null)
export const FailureScreensProvider = FailureScreensContext.Provider

type State = { failure?: { error: unknown; hydration: boolean } }

export class ErrorBoundary extends Component<{ children: ReactNode; section?: boolean }, State> {
  static contextType = FailureScreensContext
  declare context: FailureScreens | null
  state: State = {}

  // React retries a document whose hydration threw by drawing it anew: an error that reaches a boundary before the
  // root has committed is that retry's, a failed hydration.
  static getDerivedStateFromError(error: unknown): State {
    return { failure: { error, hydration: !isHydrated() } }
  }

  render() {
    const { failure } = this.state
    if (!failure) return this.props.children
    // Without screens to draw (outside the app), the failure goes up as it came.
    if ((this.props.section && failure.hydration) || !this.context) throw failure.error
    const Failure = this.props.section ? this.context.section : this.context.page
    return (
      <Suspense>
        <Failure {...failure} retry={() => this.setState({ failure: undefined })}>
          {this.props.children}
        </Failure>
      </Suspense>
    )
  }
}
