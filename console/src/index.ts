/** The operator console's worker entry (docs/decisions/0030-operator-console.md). */
import { createConsoleApp } from './app'

export default createConsoleApp()
