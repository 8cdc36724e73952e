#!/usr/bin/env node
// `npm run gateway:moderate`: the moderation seam of the reference gateway, through the running portal's `/_dev` route
// (it exists only when the portal runs in local mode: `npm start`, `npm run dev`).
//   npm run gateway:moderate                                  list appeals, projects and registrations waiting for a
// moderator
//   npm run gateway:moderate -- all                           review every appeal in moderation, approve every pending
// project
//                                                             and registration
//   npm run gateway:moderate -- appeal <id> review ["reply"]  move an appeal to `reviewed` with a reply
//   npm run gateway:moderate -- appeal <id> comment "text"    add a moderator comment to a reviewed appeal
//   npm run gateway:moderate -- appeal <id> reject ["reason"] reject an appeal in moderation
//   npm run gateway:moderate -- project <id> approve          approve a pending project
//   npm run gateway:moderate -- project <id> reject ["reason"]
//   npm run gateway:moderate -- registration <id> approve     open the account (mails a set-password link or a OneID
// note)
//   npm run gateway:moderate -- registration <id> reject "reason"   the reason is mailed to the applicant
//   npm run gateway:moderate -- lot <number> price <uzs>             change an e-auction lot's start price
//   npm run gateway:moderate -- lot <number> status "text"           its status (the same text in every language)
//   npm run gateway:moderate -- lot <number> end <ISO time | +minutes> its end of applications
// Every change is published to the pages that show it (docs/decisions/0018-realtime-hub.md).
// Env: PORTAL_URL (default http://127.0.0.1:${PORT:-8787}).

const origin = new URL(process.env.PORTAL_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8787'}`).origin
const base = `${origin}/_dev`

async function request(method, path, body) {
  let res
  try {
    res = await fetch(`${base}${path}`, {
      method,
      // The portal's proxy accepts writes only with a same-origin Origin and a JSON body.
      headers: {
        origin,
        'content-type': 'application/json',
        'x-requested-with': 'invest-portal',
        'accept-language': 'en',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (err) {
    throw new Error(`cannot reach ${base} (is \`npm start\` running?): ${err.message}`)
  }
  const data = await res.json().catch(() => null)
  if (!res.ok || data?.result?.code !== 'ok') {
    throw new Error(`${method} ${path} answered ${res.status} ${data?.result?.code ?? ''}`.trim())
  }
  return data.content
}

function printQueue(queue) {
  console.log(`Appeals (${queue.appeals.length}):`)
  for (const a of queue.appeals)
    console.log(`  #${a.id} [${a.status}] ${a.email ?? ''} — ${String(a.text).slice(0, 70)}`)
  console.log(`Projects pending (${queue.projects.length}):`)
  for (const p of queue.projects) console.log(`  #${p.id} ${p.email} — ${p.title}`)
  const registrations = queue.registrations ?? []
  console.log(`Registrations pending (${registrations.length}):`)
  for (const r of registrations) {
    const who = `${r.kind}, ${r.is_resident ? 'resident' : 'non-resident'}, ${r.lang}`
    console.log(`  #${r.id} [${who}] ${r.email} — ${r.name} ${r.surname}, ${r.company_name}`)
  }
}

const [kind, id, action, ...rest] = process.argv.slice(2)
const text = rest.join(' ')

try {
  if (!kind || kind === 'list') {
    printQueue(await request('GET', '/moderate'))
  } else if (kind === 'all') {
    const queue = await request('GET', '/moderate')
    for (const a of queue.appeals.filter((x) => x.status === 'in_moderation')) {
      await request('POST', '/moderate', { kind: 'appeal', id: a.id, action: 'review' })
      console.log(`appeal #${a.id} → reviewed`)
    }
    for (const p of queue.projects) {
      await request('POST', '/moderate', { kind: 'project', id: p.id, action: 'approve' })
      console.log(`project #${p.id} → approved`)
    }
    for (const r of queue.registrations ?? []) {
      await request('POST', '/moderate', { kind: 'registration', id: r.id, action: 'approve' })
      console.log(`registration #${r.id} → approved (${r.email})`)
    }
  } else if (kind === 'registration' && id && (action === 'approve' || (action === 'reject' && text))) {
    const body = { kind, id: Number(id), action, ...(action === 'reject' ? { reason: text } : {}) }
    const result = await request('POST', '/moderate', body)
    console.log(`registration #${result.id} → ${result.state}${result.user_id ? ` (account #${result.user_id})` : ''}`)
  } else if (kind === 'lot' && id && ['price', 'status', 'end'].includes(action) && text) {
    const body = { lot_number: id }
    if (action === 'price') body.price = Number(text)
    if (action === 'status') body.status = text
    if (action === 'end')
      body.end_time = /^\+\d+$/.test(text) ? new Date(Date.now() + Number(text.slice(1)) * 60_000).toISOString() : text
    const lot = await request('POST', '/lot', body)
    console.log(
      `lot ${lot.lot} → price ${lot.price} UZS, status "${lot.status.en}", applications until ${lot.order_end_time}`,
    )
  } else if ((kind === 'appeal' || kind === 'project') && id && action) {
    const body = { kind, id: Number(id), action }
    if (text) Object.assign(body, action === 'reject' ? { reason: text } : { reply: text })
    const result = await request('POST', '/moderate', body)
    console.log(`${kind} #${result.id} → ${result.status ?? result.state}`)
  } else {
    console.error(
      'usage: npm run gateway:moderate -- [list | all | appeal <id> review|comment|reject [text] | project <id> approve|reject [reason]' +
        ' | registration <id> approve | registration <id> reject "reason" | lot <number> price|status|end <value>]',
    )
    process.exit(2)
  }
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
