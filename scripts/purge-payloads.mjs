#!/usr/bin/env node
// `npm run payloads:purge`: deletes cached route payloads from the PAYLOADS namespace (docs/operations.md#purge).
//   npm run payloads:purge -- --all                                every payload of every build and locale
//   npm run payloads:purge -- --key /siw/public/post/5             one gateway key, in every locale (repeatable)
//   npm run payloads:purge -- --key /siw/public/post/5 --locale ru  ... in one locale
// Remote (the deployed namespace) by default; `--local` works on the local state (STATE_DIR, .wrangler/state).
// A page's keys are the keys of its payload: curl -s https://<portal>/en/post/5/_payload.json | jq '.payloads | keys'.
// Isolates keep a payload they already read for up to PAYLOAD_MEMORY_MS (30 s) after it is purged.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const args = process.argv.slice(2)
const local = args.includes('--local')
const all = args.includes('--all')
const keys = args.flatMap((a, i) => (a === '--key' ? [args[i + 1]] : [])).filter(Boolean)
const locale = args.includes('--locale') ? args[args.indexOf('--locale') + 1] : null
if (!all && keys.length === 0) {
  console.error('Say what to purge: --all, or --key <gateway key> (repeatable), optionally --locale <uz|ru|en>.')
  process.exit(2)
}

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }
const where = local
  ? [
      '--local',
      '--persist-to',
      process.env.STATE_DIR ?? '.wrangler/state',
      '--config',
      'wrangler.toml',
      '--env',
      'local',
    ]
  : ['--remote', '--config', 'wrangler.toml']

function wrangler(extra) {
  const r = spawnSync('npx', ['wrangler', 'kv', ...extra, '--binding', 'PAYLOADS', ...where], { env, encoding: 'utf8' })
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr)
    process.exit(r.status ?? 1)
  }
  return r.stdout
}

// Keys are `payload:{build}:{locale}:{gateway key}`, or `payload:{build}:v{content version}:{locale}:{gateway key}`
// once something was published (docs/decisions/0031-publishing.md); every version's copies are purged.
const listed = JSON.parse(wrangler(['key', 'list', '--prefix', 'payload:'])).map((k) => k.name)
const chosen = listed.filter((name) => {
  const parts = name.split(':')
  if (/^v\d+$/.test(parts[2] ?? '')) parts.splice(2, 1)
  const [, , keyLocale, ...rest] = parts
  const gatewayKey = rest.join(':')
  if (locale && keyLocale !== locale) return false
  return all || keys.includes(gatewayKey)
})
if (chosen.length === 0) {
  console.log('Nothing to purge.')
  process.exit(0)
}
const dir = mkdtempSync(join(tmpdir(), 'purge-'))
const file = join(dir, 'keys.json')
writeFileSync(file, JSON.stringify(chosen))
wrangler(['bulk', 'delete', file, '--force'])
rmSync(dir, { recursive: true, force: true })
console.log(`Purged ${chosen.length} payload${chosen.length === 1 ? '' : 's'}${local ? ' (local state)' : ''}.`)
