// What makes a built worker configuration unsafe to deploy (docs/operations.md#first-deploy): development values,
// a public gateway, no logs, a loopback origin, placeholder ids. Used by scripts/deploy.mjs; tested in test/.

/** A Cloudflare Access team domain, never a local stand-in (docs/operations.md#operator-access). */
const ACCESS_TEAM_DOMAIN = /^https:\/\/[^/]+\.cloudflareaccess\.com\/?$/

/**
 * The problems of one built (flattened) wrangler configuration; empty when it is safe to ship. `strict` (what
 * `npm run deploy` checks; CI checks the committed shape without it) also asks for what only an operator can fill in:
 * the portal's public hostname, a decision about bot protection and the console's Access application
 * (docs/operations.md#first-deploy). `console`: the operator console's configuration (neither portal nor gateway).
 * @param {Record<string, any>} config
 * @param {{ gateway: boolean, console?: boolean, strict?: boolean }} opts
 * @returns {string[]}
 */
export function configProblems(config, { gateway, console: isConsole = false, strict = false }) {
  const problems = []
  const name = isConsole ? 'console' : gateway ? 'gateway' : 'portal'
  // One public origin (docs/security.md#cookies): a workers.dev address beside the portal's domain would be a second
  // origin with its own cookies; the gateway needs none at all, and the console only its own host behind Access.
  if (config.workers_dev !== false)
    problems.push(`workers_dev is not false: the ${name} would have a public workers.dev URL`)
  if (strict) problems.push(...(isConsole ? consoleOperatorProblems(config) : operatorProblems(config, { gateway })))
  if (!isConsole && config.vars?.DEV_MODE !== '0')
    problems.push(`DEV_MODE is ${JSON.stringify(config.vars?.DEV_MODE)}, not "0"`)
  if (!gateway && !isConsole && config.vars?.DEBUG_HEADERS !== '0') problems.push('DEBUG_HEADERS is on')
  if (!config.observability?.enabled) problems.push('observability is off')
  // The platform's invocation log records each request's URL, reset tokens and OneID codes included
  // (docs/security.md#logs).
  if (config.observability?.logs?.invocation_logs !== false)
    problems.push('invocation logs are on: they would keep every URL, secrets in queries included')
  if (gateway && /^http:\/\/(127\.|localhost|\[::1\])/.test(config.vars?.PORTAL_ORIGIN ?? ''))
    problems.push('PORTAL_ORIGIN is a loopback origin')
  // Secrets are `wrangler secret put`, never vars: a var is in the repository and in every build's config.
  // A name that says "secret" but names an address (FCM_TOKEN_ENDPOINT is where tokens are fetched) is not one.
  for (const name of Object.keys(config.vars ?? {})) {
    if (/SECRET|TOKEN|PASSWORD|PRIVATE/i.test(name) && !/_(ENDPOINT|URL|ORIGIN)$/.test(name))
      problems.push(`${name} is a var: secrets go in \`wrangler secret put\``)
  }
  const ids = [
    ...(config.kv_namespaces ?? []).map((b) => b.id),
    ...(config.d1_databases ?? []).map((b) => b.database_id),
  ].filter(Boolean)
  for (const id of ids) if (/local|placeholder|xxx|todo/i.test(id)) problems.push(`placeholder binding id "${id}"`)
  return problems
}

/**
 * The files of the client build that a `run_worker_first` rule would hide (docs/architecture.md#request): a request
 * the rules send to the worker first never reaches the asset store, so such a file could never be served. Rules are
 * Cloudflare's globs (`*` stands for any characters, `/` included; `!/` rules send a path back to the assets).
 * @param {string[] | boolean | undefined} runWorkerFirst the `assets.run_worker_first` setting
 * @param {string[]} files the build's files, as paths from its root (`/favicon.svg`)
 * @returns {string[]}
 */
export function assetsBehindWorker(runWorkerFirst, files) {
  if (!Array.isArray(runWorkerFirst)) return []
  const glob = (rule) => new RegExp(`^${rule.split('*').map(escapeRegExp).join('.*')}$`)
  const toWorker = runWorkerFirst.filter((r) => r.startsWith('/')).map(glob)
  const toAssets = runWorkerFirst.filter((r) => r.startsWith('!/')).map((r) => glob(r.slice(1)))
  return files.filter((file) => toWorker.some((r) => r.test(file)) && !toAssets.some((r) => r.test(file)))
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * What a real deploy needs from its operator, beyond the committed configuration's shape.
 * @param {Record<string, any>} config
 * @param {{ gateway: boolean }} opts
 * @returns {string[]}
 */
function operatorProblems(config, { gateway }) {
  const problems = []
  const provider = config.vars?.BOT_PROVIDER ?? ''
  if (provider === '') {
    problems.push(
      'BOT_PROVIDER is empty: set "turnstile" or "recaptcha" (with its keys), or "none" to deploy without bot protection on purpose',
    )
  }
  const routes = [...(config.routes ?? []), ...(config.route ? [config.route] : [])]
  if (!gateway && routes.length === 0)
    problems.push('the portal has no route or custom domain: add one under `routes` in wrangler.toml')
  if (gateway) problems.push(...mailProblems(config), ...oneIdProblems(config), ...citizenDataProblems(config))
  const access = config.vars?.ACCESS_TEAM_DOMAIN ?? ''
  if (gateway && access && !ACCESS_TEAM_DOMAIN.test(access)) {
    problems.push(
      `ACCESS_TEAM_DOMAIN ${JSON.stringify(access)} is not a Cloudflare Access team domain (https://<team>.cloudflareaccess.com)`,
    )
  }
  return problems
}

/**
 * The reference gateway sends mail (password resets, the set-password link of an approved registration) through the
 * EMAIL binding, restricted to its one sender, by way of a queue with retries and a dead-letter queue
 * (docs/decisions/0027-mail-delivery.md). Without any of it, mail never leaves.
 * @param {Record<string, any>} config
 * @returns {string[]}
 */
function mailProblems(config) {
  const problems = []
  const from = config.vars?.MAIL_FROM ?? ''
  const binding = (config.send_email ?? []).find((b) => b.name === 'EMAIL')
  const senders = binding?.allowed_sender_addresses ?? []
  if (!binding) problems.push('no EMAIL send_email binding: mail would never leave')
  else if (senders.length === 0)
    problems.push('the EMAIL binding allows any sender: list MAIL_FROM in its allowed_sender_addresses')
  if (!from)
    problems.push('MAIL_FROM is empty: set the address mail is sent from (a domain onboarded to Email Service)')
  else if (binding && senders.length > 0 && !senders.includes(from))
    problems.push(`MAIL_FROM ${JSON.stringify(from)} is not among the EMAIL binding's allowed_sender_addresses`)
  const producer = (config.queues?.producers ?? []).find((p) => p.binding === 'MAIL_QUEUE')
  const consumers = config.queues?.consumers ?? []
  const consumer = producer && consumers.find((c) => c.queue === producer.queue)
  if (!producer) problems.push('no MAIL_QUEUE producer: mail cannot be queued')
  else if (!consumer) problems.push(`nothing consumes the mail queue ${JSON.stringify(producer.queue)}`)
  else if (!consumer.dead_letter_queue)
    problems.push('the mail queue has no dead_letter_queue: a mail the queue gives up on would vanish unmarked')
  else if (!consumers.some((c) => c.queue === consumer.dead_letter_queue))
    problems.push(`nothing consumes the dead-letter queue ${JSON.stringify(consumer.dead_letter_queue)}`)
  return problems
}

/**
 * What the operator console needs before it ships: its own hostname, and the Access application in front of it with a
 * real team domain (never the local stand-in) and its audience tag.
 * @param {Record<string, any>} config
 * @returns {string[]}
 */
function consoleOperatorProblems(config) {
  const problems = []
  const routes = [...(config.routes ?? []), ...(config.route ? [config.route] : [])]
  if (routes.length === 0)
    problems.push('the console has no route or custom domain: add its hostname under `routes` in console/wrangler.toml')
  const access = config.vars?.ACCESS_TEAM_DOMAIN ?? ''
  if (!ACCESS_TEAM_DOMAIN.test(access)) {
    problems.push(
      `the console's ACCESS_TEAM_DOMAIN ${JSON.stringify(access)} is not a Cloudflare Access team domain (https://<team>.cloudflareaccess.com)`,
    )
  }
  if (!config.vars?.ACCESS_AUD)
    problems.push("the console's ACCESS_AUD is empty: copy the Access application's AUD tag")
  return problems
}

/**
 * Residents sign in with OneID (docs/gateway-contract.md#oneid): the reference gateway needs OneID's authorize URL and
 * the client id the agency was given (and the ONEID_CLIENT_SECRET secret, which no configuration shows). Without
 * them no resident can sign in.
 * @param {Record<string, any>} config
 * @returns {string[]}
 */
function oneIdProblems(config) {
  const problems = []
  const vars = config.vars ?? {}
  const https = (value) => /^https:\/\/[^/\s]+/.test(value)
  if (!vars.ONEID_AUTHORIZE_URL) problems.push('ONEID_AUTHORIZE_URL is empty: residents could not sign in with OneID')
  else if (!https(vars.ONEID_AUTHORIZE_URL))
    problems.push(`ONEID_AUTHORIZE_URL ${JSON.stringify(vars.ONEID_AUTHORIZE_URL)} is not an https URL`)
  if (vars.ONEID_TOKEN_URL && !https(vars.ONEID_TOKEN_URL))
    problems.push(`ONEID_TOKEN_URL ${JSON.stringify(vars.ONEID_TOKEN_URL)} is not an https URL`)
  if (!vars.ONEID_CLIENT_ID) problems.push('ONEID_CLIENT_ID is empty: set the client id OneID gave the agency')
  return problems
}

/** The production OneID, where real residents sign in. */
const ONEID_PRODUCTION_HOST = /(^|\.)sso\.egov\.uz$/i

/**
 * Whose personal data a reference gateway may hold is decided, not defaulted (docs/decisions/0029-data-residency.md):
 * `test` (test identities only) or `citizens` (real residents, under the legal basis the decision record names). A
 * store declared for test data may not sign real residents in through the production OneID.
 * @param {Record<string, any>} config
 * @returns {string[]}
 */
function citizenDataProblems(config) {
  const scope = config.vars?.CITIZEN_DATA ?? ''
  if (scope !== 'test' && scope !== 'citizens') {
    return [
      `CITIZEN_DATA is ${JSON.stringify(scope)}: set "test" (test identities only) or "citizens" (real residents' data, see docs/decisions/0029-data-residency.md)`,
    ]
  }
  let host = ''
  try {
    host = new URL(config.vars?.ONEID_AUTHORIZE_URL ?? '').hostname
  } catch {
    /* no OneID: reported on its own */
  }
  if (scope === 'test' && ONEID_PRODUCTION_HOST.test(host))
    return ['CITIZEN_DATA is "test" but ONEID_AUTHORIZE_URL is the production OneID: real residents would sign in']
  return []
}

/**
 * The console and the gateway must check tokens of the same Access application: the console forwards the operator's
 * token, which the gateway verifies again.
 * @param {Record<string, any>} consoleConfig
 * @param {Record<string, any>} gatewayConfig
 * @returns {string[]}
 */
export function accessMismatch(consoleConfig, gatewayConfig) {
  const problems = []
  for (const key of ['ACCESS_TEAM_DOMAIN', 'ACCESS_AUD']) {
    const a = consoleConfig.vars?.[key] ?? ''
    const b = gatewayConfig.vars?.[key] ?? ''
    if (a.replace(/\/+$/, '') !== b.replace(/\/+$/, ''))
      problems.push(`${key} differs: ${JSON.stringify(a)} on the console, ${JSON.stringify(b)} on the gateway`)
  }
  return problems
}

/** Dev-only string literals shorter than this are too common to tell anything (`'not_found'`, `'/moderate'`). */
const MIN_MARKER_CHARS = 16
/** Seed strings shorter than this may be ordinary words that code holds too. */
const MIN_SEED_CHARS = 24

/**
 * What gives the gateway's development build away (docs/operations.md#development-build): the string literals of its `dev/`
 * sources that no other gateway source holds, and the longer strings of its seed files. A production bundle must
 * contain none of them.
 * @param {{ devSources: string[], otherSources: string[], seedFiles: unknown[] }} sources the text of each `dev/`
 *   source, of every other gateway source, and each seed file's parsed JSON
 * @returns {{ code: string[], seed: string[] }}
 */
export function devBuildMarkers({ devSources, otherSources, seedFiles }) {
  const elsewhere = otherSources.join('\n')
  const code = new Set()
  for (const text of devSources) {
    for (const m of text.matchAll(/'([^'\\\n]+)'|"([^"\\\n]+)"/g)) {
      const literal = m[1] ?? m[2]
      if (literal.length >= MIN_MARKER_CHARS && !elsewhere.includes(literal)) code.add(literal)
    }
  }
  const seed = new Set()
  const visit = (value) => {
    if (typeof value === 'string') {
      if (value.length >= MIN_SEED_CHARS && !elsewhere.includes(value)) seed.add(value)
    } else if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object') Object.values(value).forEach(visit)
  }
  seedFiles.forEach(visit)
  return { code: [...code], seed: [...seed] }
}

/**
 * The problems of a built gateway bundle meant for a deployment: development code or seed data in it. Empty when it has
 * neither.
 * @param {string} bundle the bundle's text (every module of it)
 * @param {{ code: string[], seed: string[] }} markers what `devBuildMarkers` found
 * @returns {string[]}
 */
export function gatewayBundleProblems(bundle, markers) {
  const problems = []
  const found = (list) => list.filter((marker) => bundle.includes(marker))
  const code = found(markers.code)
  if (code.length)
    problems.push(
      `the gateway bundle contains development code (gateway/src/dev/): ${JSON.stringify(code.slice(0, 3))}`,
    )
  const seed = found(markers.seed)
  if (seed.length)
    problems.push(`the gateway bundle contains seed data (gateway/seed/): ${JSON.stringify(seed.slice(0, 3))}`)
  return problems
}
