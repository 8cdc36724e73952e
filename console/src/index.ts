/** The operator console's worker entry (docs/architecture.md#operator-console). */
import { createConsoleApp } from './app'

export default createConsoleApp()
