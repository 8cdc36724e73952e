// What makes a built worker configuration unsafe to deploy (docs/operations.md#first-deploy): development values,
// a public gateway, no logs, a loopback origin, placeholder ids. Used by scripts/deploy.mjs; tested in test/.

/**
 * The problems of one built (flattened) wrangler configuration; empty when it is safe to ship.
 * @param {Record<string, any>} config
 * @param {{ gateway: boolean }} opts
 * @returns {string[]}
 */
export function configProblems(config, { gateway }) {
  const problems = []
  if (config.vars?.DEV_MODE !== '0') problems.push(`DEV_MODE is ${JSON.stringify(config.vars?.DEV_MODE)}, not "0"`)
  if (!gateway && config.vars?.DEBUG_HEADERS !== '0') problems.push('DEBUG_HEADERS is on')
  if (gateway && config.workers_dev !== false) problems.push('workers_dev is not false: the gateway would have a public URL')
  if (!config.observability?.enabled) problems.push('observability is off')
  // The platform's invocation log records each request's URL, reset tokens and OneID codes included (docs/security.md#logs).
  if (config.observability?.logs?.invocation_logs !== false) problems.push('invocation logs are on: they would keep every URL, secrets in queries included')
  if (gateway && /^http:\/\/(127\.|localhost|\[::1\])/.test(config.vars?.PORTAL_ORIGIN ?? '')) problems.push('PORTAL_ORIGIN is a loopback origin')
  // Secrets are `wrangler secret put`, never vars: a var is in the repository and in every build's config.
  // A name that says "secret" but names an address (FCM_TOKEN_ENDPOINT is where tokens are fetched) is not one.
  for (const name of Object.keys(config.vars ?? {})) {
    if (/SECRET|TOKEN|PASSWORD|PRIVATE/i.test(name) && !/_(ENDPOINT|URL|ORIGIN)$/.test(name)) problems.push(`${name} is a var: secrets go in \`wrangler secret put\``)
  }
  const ids = [...(config.kv_namespaces ?? []).map((b) => b.id), ...(config.d1_databases ?? []).map((b) => b.database_id)].filter(Boolean)
  for (const id of ids) if (/local|placeholder|xxx|todo/i.test(id)) problems.push(`placeholder binding id "${id}"`)
  return problems
}
