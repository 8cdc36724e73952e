/**
 * The document's inline boot script (the build minifies this module and the edge inlines it with its arguments). Once
 * the browser has painted the edge's HTML (or after 200 ms, e.g. in a background tab where frames do not run), it
 * preloads the entry's and the page's chunks and starts the entry, so the first paint never waits behind the download
 * and evaluation of the hydration JavaScript. Starting a request costs the main thread a millisecond or more on a slow
 * device, so the preloads go out `perTask` per task (the entry's own imports first); then `first` (React DOM) and the
 * entry start as module scripts, so the browser evaluates each in a task of its own.
 *
 * `modules[0]` is the entry; the rest are preloaded. The CSP nonce is React's: it goes on the inline script itself,
 * and module scripts added by an allowed script are trusted under `strict-dynamic`.
 */
export function bootAfterFirstPaint(modules: readonly string[], first: readonly string[], perTask: number): void {
  let started = false
  let next = 1
  const batch = () => {
    for (const end = next + perTask; next < end && next < modules.length; next++) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = modules[next]!
      document.head.append(link)
    }
    if (next < modules.length) return void setTimeout(batch)
    for (const src of [...first, modules[0]!]) {
      const script = document.createElement('script')
      script.type = 'module'
      script.src = src
      document.body.append(script)
    }
  }
  const go = () => {
    if (started) return
    started = true
    batch()
  }
  requestAnimationFrame(() => setTimeout(go))
  setTimeout(go, 200)
}
