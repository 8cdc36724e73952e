/**
 * The one script the console ships (docs/decisions/0030-operator-console.md#content-screens): on a content form with a
 * file chosen, it sends the form itself so the editor sees the upload's progress, then goes where the console's answer
 * went (the item after a 303), or shows the answer (the form again with its errors). Without it, or without a file, the
 * form posts as usual: the script only adds the progress bar. Inlined under a hash in the page's CSP (render.tsx).
 */
export const UPLOAD_PROGRESS_SCRIPT = `(() => {
  for (const form of document.querySelectorAll('form[data-upload-progress]')) {
    form.addEventListener('submit', (event) => {
      const chosen = Array.from(form.querySelectorAll('input[type=file]')).some((i) => i.files && i.files.length)
      const status = form.querySelector('[data-upload-status]')
      if (!chosen || !status || !window.FormData) return
      event.preventDefault()
      const bar = status.querySelector('progress')
      const button = form.querySelector('button[type=submit]')
      status.hidden = false
      if (button) button.disabled = true
      const xhr = new XMLHttpRequest()
      xhr.open('POST', form.action)
      xhr.upload.addEventListener('progress', (e) => {
        if (!e.lengthComputable || !bar) return
        bar.max = e.total
        bar.value = e.loaded
        bar.textContent = Math.round((100 * e.loaded) / e.total) + '%'
      })
      const fallBack = () => form.submit()
      xhr.addEventListener('error', fallBack)
      xhr.addEventListener('load', () => {
        const landed = new URL(xhr.responseURL || form.action, location.href)
        if (xhr.status < 300 && landed.pathname !== new URL(form.action, location.href).pathname) {
          location.assign(landed.href)
          return
        }
        const answer = new DOMParser().parseFromString(xhr.responseText, 'text/html')
        if (!answer.body || !answer.body.firstElementChild) return fallBack()
        document.title = answer.title
        document.body.replaceWith(document.adoptNode(answer.body))
        // The console's own scripts enhance the form drawn anew.
        document.dispatchEvent(new Event('console:page'))
        const main = document.getElementById('main')
        if (main) main.focus()
      })
      xhr.send(new FormData(form))
    })
  }
})()`
