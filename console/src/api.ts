/**
 * The console's one client of the operators' API (docs/gateway-contract.md#operator), over the `GATEWAY` service
 * binding: every call forwards the request's Access token, which the gateway verifies again and maps to the operator
 * (docs/decisions/0030-operator-console.md), and the page's language. Every answer is checked against the operators'
 * contract (contract/operators/); an answer that breaks it is a failure like any other, and failures are values,
 * never exceptions (docs/architecture.md#rule-7).
 */
import type { Context } from 'hono'
import * as v from 'valibot'
import type { Locale } from '../../contract/locales'
import { EnvelopeSchema, type Pageable, RefusalSchema, type UsedBy } from '../../contract/operators/envelope'
import { ACCESS_ASSERTION_HEADER } from '../../platform/access'
import type { ConsoleEnv } from './context'

/**
 * A failed call: the gateway's status and code, the fields it names (`errors`), the code per field when it gives one
 * (`fieldCodes`, content's validation), and the languages a publish misses (`missing`).
 */
export type Failure = {
  ok: false
  status: number
  code: string
  errors: string[]
  fieldCodes?: Record<string, string>
  missing?: Locale[]
  /** What points at an item a removal was refused for (docs/gateway-contract.md#operator-bin). */
  usedBy?: UsedBy[]
}

/** A call's outcome: the content as the contract describes it, or the failure. */
export type Answer<T> = { ok: true; content: T; pageable: Pageable | null } | Failure

/** The gateway's address inside the service binding; its host is never seen by anyone. */
const GATEWAY_BASE = 'https://gateway.internal'

/** At most this many places of a broken answer are logged: a list of a thousand wrong items needs no thousand. */
const MAX_ISSUES = 20

type Query = Record<string, string | number | undefined>
type Body = Record<string, unknown>

export type GatewayClient = {
  get<S extends v.GenericSchema>(path: string, schema: S, query?: Query): Promise<Answer<v.InferOutput<S>>>
  post<S extends v.GenericSchema>(path: string, schema: S, body?: Body): Promise<Answer<v.InferOutput<S>>>
  put<S extends v.GenericSchema>(path: string, schema: S, body: Body): Promise<Answer<v.InferOutput<S>>>
  delete<S extends v.GenericSchema>(path: string, schema: S): Promise<Answer<v.InferOutput<S>>>
  /** A file as the multipart field `file` (editors' uploads). */
  upload<S extends v.GenericSchema>(
    path: string,
    schema: S,
    file: File,
    fields?: Record<string, string>,
  ): Promise<Answer<v.InferOutput<S>>>
  /** The raw answer, for files the console hands on as they are. */
  download(path: string): Promise<Response | null>
}

/**
 * The failure of an answer that breaks the contract, and its log line: where it breaks (dot paths), never a value, and
 * the path without its query (a search names applicants, docs/security.md#logs).
 */
function violation(c: Context<ConsoleEnv>, path: string, issues: v.BaseIssue<unknown>[]): Failure {
  const places = [...new Set(issues.map((issue) => v.getDotPath(issue) ?? '(root)'))].slice(0, MAX_ISSUES)
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'contract violation',
      requestId: c.get('requestId'),
      path: path.split('?', 1)[0],
      issues: places,
    }),
  )
  return { ok: false, status: 502, code: 'malformed_response', errors: [] }
}

/** The client for the request `c` is serving. */
export function gatewayFor(c: Context<ConsoleEnv>): GatewayClient {
  const send = async (method: string, path: string, body?: Body | FormData) => {
    const headers = new Headers({ accept: 'application/json', 'accept-language': c.get('lang') ?? 'en' })
    const assertion = c.req.header(ACCESS_ASSERTION_HEADER)
    if (assertion) headers.set(ACCESS_ASSERTION_HEADER, assertion)
    // One request id in both workers' log lines.
    headers.set('x-request-id', c.get('requestId'))
    // A form's boundary is set by the Request itself.
    const json = body !== undefined && !(body instanceof FormData)
    if (json) headers.set('content-type', 'application/json')
    return c.env.GATEWAY.fetch(
      new Request(`${GATEWAY_BASE}${path}`, { method, headers, body: json ? JSON.stringify(body) : body }),
    )
  }
  const read = async <S extends v.GenericSchema>(
    path: string,
    schema: S,
    res: Promise<Response>,
  ): Promise<Answer<v.InferOutput<S>>> => {
    let answer: Response
    try {
      answer = await res
    } catch {
      return { ok: false, status: 502, code: 'bad_gateway', errors: [] }
    }
    const envelope = v.safeParse(EnvelopeSchema, await answer.json().catch(() => null))
    if (!envelope.success) return violation(c, path, envelope.issues)
    const { result, content, pageable, errors } = envelope.output
    if (answer.ok && result.code === 'ok') {
      const checked = v.safeParse(schema, content)
      if (!checked.success) return violation(c, path, checked.issues)
      return { ok: true, content: checked.output, pageable: pageable ?? null }
    }
    const refusal = v.safeParse(RefusalSchema, content)
    if (!refusal.success) return violation(c, path, refusal.issues)
    return {
      ok: false,
      status: answer.ok ? 502 : answer.status,
      code: result.code,
      errors: errors ?? [],
      fieldCodes: refusal.output?.errors,
      missing: refusal.output?.missing,
      usedBy: refusal.output?.used_by,
    }
  }
  return {
    get: (path, schema, query) => {
      const search = new URLSearchParams()
      for (const [k, val] of Object.entries(query ?? {}))
        if (val !== undefined && val !== '') search.set(k, String(val))
      const qs = search.toString()
      const target = qs ? `${path}?${qs}` : path
      return read(target, schema, send('GET', target))
    },
    post: (path, schema, body) => read(path, schema, send('POST', path, body ?? {})),
    put: (path, schema, body) => read(path, schema, send('PUT', path, body)),
    delete: (path, schema) => read(path, schema, send('DELETE', path)),
    upload: (path, schema, file, fields) => {
      const form = new FormData()
      for (const [k, val] of Object.entries(fields ?? {})) form.set(k, val)
      form.set('file', file)
      return read(path, schema, send('POST', path, form))
    },
    download: async (path) => {
      try {
        return await send('GET', path)
      } catch {
        return null
      }
    },
  }
}
