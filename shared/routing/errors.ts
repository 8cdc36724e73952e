/** One error shape for pages and payloads: a status, a code that maps to `errors.*` in locales/, and details. */
export type PageError = Readonly<{
  statusCode: number
  /**
   * i18n key below `errors.` (e.g. `forbidden`), or a gateway result code under `messages.error.` when `fromGateway`.
   */
  code: string
  /** Interpolation values, e.g. the path of a 404. */
  values?: Readonly<Record<string, string>>
  fromGateway?: boolean
  /** The error's own message, shown when no translation exists for the code (docs/product.md#errors). */
  message?: string
}>

export function pageError(statusCode: number, code: string, values?: Record<string, string>): PageError {
  return { statusCode, code, ...(values ? { values } : {}) }
}

export function notFound(path: string): PageError {
  return pageError(404, 'page_not_found', { path })
}
