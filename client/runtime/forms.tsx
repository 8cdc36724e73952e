/**
 * Page forms: one submit path for both worlds — a real POST to the page's action, enhanced to `fetch` once hydrated.
 */
import { type FormEvent, useCallback, useContext, useRef, useState } from 'react'
import type { FormSchema } from '../../shared/forms/forms'
import { CSRF_HEADER, CSRF_MARKER } from '../../shared/gateway/csrf'
import type { ActionResponse, FormState } from '../../shared/state/state'
import { InitialFormContext } from './form-context'
import { useRouter } from './router'

const EMPTY: FormState = { values: {}, errors: {}, code: null }

export type PageForm = {
  /** Values to show again, field errors (i18n keys) and the form-level result code. */
  state: FormState
  pending: boolean
  /** Attach to `<form method="post" action={action} onSubmit={onSubmit}>`. */
  action: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** Replaces the state, e.g. after client-side validation. */
  setState: (state: FormState) => void
}

export type PageFormOptions = {
  /**
   * Loads the form's schema, which the page's action checks as well: field errors stop the submit before sending. A
   * loader, so the schema library comes with the first submit instead of in the page's first view
   * (docs/decisions/0024-form-schemas.md).
   */
  schema?: () => Promise<FormSchema>
  /** Adds fields before sending (e.g. the bot-protection `hash`). */
  prepare?: (data: FormData) => Promise<void>
  /** Called with the action's answer before navigation (e.g. to show a toast); navigation waits for it. */
  onResult?: (response: ActionResponse) => void | Promise<void>
}

/** Binds a page's form to its action: state from a no-JS post, progress, errors, redirect on success. */
export function usePageForm(options: PageFormOptions = {}): PageForm {
  const initial = useContext(InitialFormContext)
  const { route, navigate } = useRouter()
  const [state, setState] = useState<FormState>(initial ?? EMPTY)
  const [pending, setPending] = useState(false)
  const opts = useRef(options)
  opts.current = options
  const action = route.path + route.search

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (pending) return
      const form = event.currentTarget
      const data = new FormData(form)
      const errors = opts.current.schema ? await browserCheck(opts.current.schema, data) : {}
      if (Object.keys(errors).length) {
        setState({ values: valuesOf(data), errors, code: null })
        return
      }
      setPending(true)
      try {
        await opts.current.prepare?.(data)
        const res = await fetch(action, {
          method: 'POST',
          body: data,
          headers: { accept: 'application/json', [CSRF_HEADER]: CSRF_MARKER },
          credentials: 'same-origin',
        })
        const body = (await res.json().catch(() => ({
          form: { values: valuesOf(data), errors: {}, code: `http_${res.status}` },
        }))) as ActionResponse
        await opts.current.onResult?.(body)
        if (body.redirect) {
          await navigate(body.redirect)
          return
        }
        setState(body.form ?? { values: valuesOf(data), errors: {}, code: 'internal_error' })
      } catch {
        setState({ values: valuesOf(data), errors: {}, code: 'network_error' })
      } finally {
        setPending(false)
      }
    },
    [action, navigate, pending],
  )
  return { state, pending, action, onSubmit: (e) => void onSubmit(e), setState }
}

/** The schema's field errors; none when its code cannot load (offline): the action checks the form all the same. */
async function browserCheck(schema: () => Promise<FormSchema>, data: FormData): Promise<Record<string, string>> {
  try {
    const [loaded, { fieldErrors, readFields }] = await Promise.all([schema(), import('../../shared/forms/forms')])
    return fieldErrors(loaded, readFields(data))
  } catch {
    return {}
  }
}

function valuesOf(data: FormData): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of data) if (typeof v === 'string' && !/password|hash|token/i.test(k)) out[k] = v
  return out
}
