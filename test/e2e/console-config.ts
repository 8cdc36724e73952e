/**
 * Where the operator console runs in the e2e stack (docs/operations.md#local-console): the main portal's `npm start`
 * serves it behind its Access stand-in on E2E_PORT + 3, the console's own worker on + 4 (the push portal and its FCM
 * stand-in take + 1 and + 2).
 */
const PORT = Number(process.env.E2E_PORT ?? 8790)

export const CONSOLE_PORT = PORT + 3
export const CONSOLE_ORIGIN = `http://127.0.0.1:${CONSOLE_PORT}`
