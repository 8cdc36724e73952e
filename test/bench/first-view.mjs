// What a first view costs on the wire, measured in Chromium: the gzipped JavaScript a page fetches until the network is
// idle (everything, lazy chunks included), and the document itself (gzip bytes, raw bytes, elements without
// JavaScript, and how much of it is inlined CSS, messages and payload JSON).
//
// `node --experimental-strip-types test/bench/first-view.mjs http://127.0.0.1:8899` against a running server.

import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Content pages of the budgets: home, lists, a post, about, guide and service pages, the contact form, sign-in. */
export async function contentPages(base) {
  const news = await (await fetch(`${base}/en/media/news`)).text()
  const postId = /href="\/en\/post\/([^"/?#]+)"/.exec(news)?.[1]
  const auction = await (await fetch(`${base}/en/service/e-auction`)).text()
  const lotId = /href="\/en\/service\/e-auction\/([^"/?#]+)"/.exec(auction)?.[1]
  return {
    home: '/en',
    'list news': '/en/media/news',
    'list events': '/en/event',
    'list stories': '/en/story',
    post: `/en/post/${postId}`,
    about: '/en/about',
    'guide partnership': '/en/guide/partnership',
    'guide projects': '/en/guide/project',
    'guide registration': '/en/guide/register-business',
    'service category': '/en/service/category',
    'service e-auction': '/en/service/e-auction',
    'service e-auction lot': `/en/service/e-auction/${lotId}`,
    'service uz-ex': '/en/service/uz-ex',
    'contact form': '/en/contact-us',
    'sign-in': '/en/auth/sign-in?role=investor',
  }
}

async function measureJs(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const scripts = []
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return
    scripts.push(request.sizes().then((s) => ({ url: request.url(), bytes: s.responseBodySize })))
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
  await page.waitForLoadState('networkidle')
  const files = await Promise.all(scripts)
  await context.close()
  return {
    jsGzipBytes: files.reduce((s, f) => s + f.bytes, 0),
    files: files.map((f) => `${new URL(f.url).pathname.replace('/_app/', '')} ${f.bytes}`),
  }
}

async function measureDocument(browser, base, path) {
  const html = await (
    await fetch(base + path, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/136.0.0.0 Safari/537.36' } })
  ).text()
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(base + path)
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length)
  await context.close()
  const sum = (re) => [...html.matchAll(re)].reduce((s, m) => s + m[1].length, 0)
  const state = /<script type="application\/json" id="__STATE__"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
  const parsed = state ? JSON.parse(state) : {}
  const messages = JSON.stringify(parsed.messages ?? {})
  const statePayloads = JSON.stringify(parsed.payloads ?? {})
  return {
    docBytes: Buffer.byteLength(html),
    docGzipBytes: gzipSync(html, { level: 6 }).length,
    elements,
    cssBytes: sum(/<style[^>]*>([\s\S]*?)<\/style>/g),
    stateBytes: Buffer.byteLength(state),
    messagesBytes: Buffer.byteLength(messages),
    payloadBytes:
      Buffer.byteLength(statePayloads) +
      sum(/<script type="application\/json" data-payload[^>]*>([\s\S]*?)<\/script>/g),
  }
}

export async function measureFirstView(base, pages) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROME_FLAGS,
  })
  const out = {}
  try {
    for (const path of Object.values(pages)) await fetch(base + path).then((r) => r.text())
    for (const [name, path] of Object.entries(pages))
      out[name] = { path, ...(await measureJs(browser, base + path)), ...(await measureDocument(browser, base, path)) }
  } finally {
    await browser.close()
  }
  const kb = (n) => (n / 1024).toFixed(1)
  console.log(
    'First view in Chromium: JS until network idle (gzip, KiB), document (gzip and raw KiB, elements without JS), inline CSS, state, messages, payload blocks (raw KiB)',
  )
  console.table(
    Object.fromEntries(
      Object.entries(out).map(([name, r]) => [
        `${name} ${r.path}`,
        {
          'JS gz': kb(r.jsGzipBytes),
          'doc gz': kb(r.docGzipBytes),
          doc: kb(r.docBytes),
          elements: r.elements,
          css: kb(r.cssBytes),
          state: kb(r.stateBytes),
          messages: kb(r.messagesBytes),
          payloads: kb(r.payloadBytes),
        },
      ]),
    ),
  )
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8799'
  const out = await measureFirstView(base, await contentPages(base))
  if (process.env.VERBOSE) for (const [name, r] of Object.entries(out)) console.log(name, r.files.join(', '))
}
