/** The deploy check refuses configurations that must never ship, and passes what the TOML files build to. */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  accessMismatch,
  assetsBehindWorker,
  configProblems,
  devBuildMarkers,
  gatewayBundleProblems,
} from '../scripts/deploy-config.mjs'

const production = {
  portal: {
    vars: { DEV_MODE: '0', DEBUG_HEADERS: '0' },
    workers_dev: false,
    observability: { enabled: true, logs: { invocation_logs: false } },
    kv_namespaces: [{ binding: 'PAYLOADS' }],
  },
  gateway: {
    vars: { DEV_MODE: '0', PORTAL_ORIGIN: 'https://invest.gov.uz' },
    workers_dev: false,
    observability: { enabled: true, logs: { invocation_logs: false } },
    d1_databases: [{ binding: 'DB', database_name: 'invest-portal' }],
  },
}

describe('the deploy check’s configuration rules', () => {
  it('passes the production shape of both workers', () => {
    expect(configProblems(production.portal, { gateway: false })).toEqual([])
    expect(configProblems(production.gateway, { gateway: true })).toEqual([])
  })

  it.each([
    ['DEV_MODE on', { ...production.gateway, vars: { ...production.gateway.vars, DEV_MODE: '1' } }, /DEV_MODE/],
    ['a public workers.dev URL', { ...production.gateway, workers_dev: true }, /workers_dev/],
    ['no observability', { ...production.gateway, observability: { enabled: false } }, /observability/],
    [
      'invocation logs on (they keep every URL)',
      { ...production.gateway, observability: { enabled: true } },
      /invocation logs/,
    ],
    [
      'invocation logs switched on explicitly',
      { ...production.gateway, observability: { enabled: true, logs: { invocation_logs: true } } },
      /invocation logs/,
    ],
    [
      'a loopback PORTAL_ORIGIN',
      { ...production.gateway, vars: { ...production.gateway.vars, PORTAL_ORIGIN: 'http://127.0.0.1:8787' } },
      /loopback/,
    ],
    [
      'a placeholder database id',
      { ...production.gateway, d1_databases: [{ binding: 'DB', database_id: 'local-invest-portal' }] },
      /placeholder/,
    ],
  ])('refuses a gateway with %s', (_name, config, problem) => {
    expect(configProblems(config, { gateway: true }).join('; ')).toMatch(problem)
  })

  it('refuses a portal with a workers.dev address beside its own domain (one public origin)', () => {
    expect(configProblems({ ...production.portal, workers_dev: true }, { gateway: false }).join()).toMatch(
      /workers_dev/,
    )
    const { workers_dev: _, ...unset } = production.portal
    expect(configProblems(unset, { gateway: false }).join()).toMatch(/workers_dev/)
  })

  describe('strict mode (npm run deploy)', () => {
    const route = { routes: [{ pattern: 'invest.gov.uz', custom_domain: true }] }
    /** The gateway's mail as an operator fills it in: the sender, the binding that allows only it, the queues. */
    const mail = {
      send_email: [{ name: 'EMAIL', allowed_sender_addresses: ['noreply@invest.gov.uz'] }],
      queues: {
        producers: [{ binding: 'MAIL_QUEUE', queue: 'invest-portal-mail' }],
        consumers: [
          { queue: 'invest-portal-mail', max_retries: 8, dead_letter_queue: 'invest-portal-mail-failed' },
          { queue: 'invest-portal-mail-failed' },
        ],
      },
    }
    const ready = {
      portal: { ...production.portal, ...route, vars: { ...production.portal.vars, BOT_PROVIDER: 'turnstile' } },
      gateway: {
        ...production.gateway,
        ...mail,
        vars: {
          ...production.gateway.vars,
          BOT_PROVIDER: 'turnstile',
          MAIL_FROM: 'noreply@invest.gov.uz',
          ONEID_AUTHORIZE_URL: 'https://sso.egov.uz/sso/oauth/Authorization.do',
          ONEID_CLIENT_ID: 'invest_gov_uz',
          CITIZEN_DATA: 'citizens',
        },
      },
    }

    it('passes what an operator has filled in, and the committed shape without strict', () => {
      expect(configProblems(ready.portal, { gateway: false, strict: true })).toEqual([])
      expect(configProblems(ready.gateway, { gateway: true, strict: true })).toEqual([])
      expect(configProblems(production.portal, { gateway: false })).toEqual([])
    })

    it('refuses an empty BOT_PROVIDER on either worker, and takes "none" as the documented opt-out', () => {
      for (const [config, gateway] of [
        [ready.portal, false],
        [ready.gateway, true],
      ] as const) {
        const empty = { ...config, vars: { ...config.vars, BOT_PROVIDER: '' } }
        expect(configProblems(empty, { gateway, strict: true }).join()).toMatch(/BOT_PROVIDER is empty/)
        expect(configProblems(empty, { gateway })).toEqual([])
        expect(
          configProblems({ ...config, vars: { ...config.vars, BOT_PROVIDER: 'none' } }, { gateway, strict: true }),
        ).toEqual([])
      }
    })

    it.each([
      ['no EMAIL binding', { send_email: [] }, /no EMAIL send_email binding/],
      [
        'an EMAIL binding that allows any sender',
        { send_email: [{ name: 'EMAIL' }] },
        /allows any sender: list MAIL_FROM/,
      ],
      [
        'a MAIL_FROM the binding does not allow',
        { send_email: [{ name: 'EMAIL', allowed_sender_addresses: ['other@invest.gov.uz'] }] },
        /MAIL_FROM "noreply@invest.gov.uz" is not among/,
      ],
      ['no mail queue', { queues: { producers: [], consumers: [] } }, /no MAIL_QUEUE producer/],
      [
        'a mail queue nobody consumes',
        { queues: { ...mail.queues, consumers: [] } },
        /nothing consumes the mail queue "invest-portal-mail"/,
      ],
      [
        'a mail queue without a dead-letter queue',
        { queues: { ...mail.queues, consumers: [{ queue: 'invest-portal-mail', max_retries: 8 }] } },
        /no dead_letter_queue/,
      ],
      [
        'a dead-letter queue nobody consumes',
        { queues: { ...mail.queues, consumers: [mail.queues.consumers[0]] } },
        /nothing consumes the dead-letter queue "invest-portal-mail-failed"/,
      ],
    ])('refuses to deploy the reference gateway with %s (mail would never leave)', (_name, change, problem) => {
      const config = { ...ready.gateway, ...change }
      expect(configProblems(config, { gateway: true, strict: true }).join('; ')).toMatch(problem)
      expect(configProblems(config, { gateway: true })).toEqual([])
    })

    it.each([
      ['no OneID authorize URL', { ONEID_AUTHORIZE_URL: '' }, /ONEID_AUTHORIZE_URL is empty/],
      ['a OneID over plain http', { ONEID_AUTHORIZE_URL: 'http://127.0.0.1:8799/sso' }, /not an https URL/],
      ['a token URL over plain http', { ONEID_TOKEN_URL: 'http://sso.egov.uz/token' }, /ONEID_TOKEN_URL/],
      ['no OneID client id', { ONEID_CLIENT_ID: '' }, /ONEID_CLIENT_ID is empty/],
    ])('refuses to deploy the reference gateway with %s (residents could not sign in)', (_name, vars, problem) => {
      const config = { ...ready.gateway, vars: { ...ready.gateway.vars, ...vars } }
      expect(configProblems(config, { gateway: true, strict: true }).join('; ')).toMatch(problem)
      expect(configProblems(config, { gateway: true })).toEqual([])
    })

    it('refuses a reference gateway whose citizen data is undecided, and test data behind the production OneID', () => {
      const undecided = { ...ready.gateway, vars: { ...ready.gateway.vars, CITIZEN_DATA: '' } }
      expect(configProblems(undecided, { gateway: true, strict: true }).join()).toMatch(/CITIZEN_DATA is ""/)
      const testOnProduction = { ...ready.gateway, vars: { ...ready.gateway.vars, CITIZEN_DATA: 'test' } }
      expect(configProblems(testOnProduction, { gateway: true, strict: true }).join()).toMatch(
        /"test" but ONEID_AUTHORIZE_URL is the production OneID/,
      )
      const staging = {
        ...ready.gateway,
        vars: {
          ...ready.gateway.vars,
          CITIZEN_DATA: 'test',
          ONEID_AUTHORIZE_URL: 'https://test-sso.oneid.example/sso/oauth/Authorization.do',
        },
      }
      expect(configProblems(staging, { gateway: true, strict: true })).toEqual([])
    })

    it('asks nothing of OneID or mail on the portal, which neither signs in nor mails', () => {
      expect(configProblems(ready.portal, { gateway: false, strict: true })).toEqual([])
    })

    it('refuses an empty MAIL_FROM on the reference gateway', () => {
      const config = { ...ready.gateway, vars: { ...ready.gateway.vars, MAIL_FROM: '' } }
      expect(configProblems(config, { gateway: true, strict: true }).join()).toMatch(/MAIL_FROM is empty/)
    })

    it('refuses a portal with neither a route nor a custom domain', () => {
      const { routes: _, ...noRoute } = ready.portal
      expect(configProblems(noRoute, { gateway: false, strict: true }).join()).toMatch(/no route or custom domain/)
      expect(configProblems({ ...noRoute, route: 'invest.gov.uz/*' }, { gateway: false, strict: true })).toEqual([])
    })

    it('refuses an Access team domain that is not Cloudflare Access (a local stand-in)', () => {
      const standIn = { ...ready.gateway, vars: { ...ready.gateway.vars, ACCESS_TEAM_DOMAIN: 'http://127.0.0.1:8799' } }
      expect(configProblems(standIn, { gateway: true, strict: true }).join()).toMatch(/ACCESS_TEAM_DOMAIN/)
      const real = {
        ...ready.gateway,
        vars: { ...ready.gateway.vars, ACCESS_TEAM_DOMAIN: 'https://agency.cloudflareaccess.com' },
      }
      expect(configProblems(real, { gateway: true, strict: true })).toEqual([])
    })
  })

  describe('the operator console', () => {
    const access = { ACCESS_TEAM_DOMAIN: 'https://agency.cloudflareaccess.com', ACCESS_AUD: 'aud-tag' }
    const ready = {
      vars: access,
      workers_dev: false,
      routes: [{ pattern: 'console.invest.gov.uz', custom_domain: true }],
      observability: { enabled: true, logs: { invocation_logs: false } },
    }
    const asConsole = { gateway: false, console: true, strict: true }

    it('passes a console behind a real Access application on its own hostname, and the committed shape', () => {
      expect(configProblems(ready, asConsole)).toEqual([])
      expect(configProblems({ ...ready, vars: {}, routes: [] }, { gateway: false, console: true })).toEqual([])
    })

    it('refuses in strict mode a console without a hostname, without Access, or behind the local stand-in', () => {
      expect(configProblems({ ...ready, routes: [] }, asConsole).join()).toMatch(/console has no route/)
      expect(configProblems({ ...ready, vars: {} }, asConsole).join('; ')).toMatch(
        /ACCESS_TEAM_DOMAIN .*; .*ACCESS_AUD/,
      )
      const standIn = { ...ready, vars: { ...access, ACCESS_TEAM_DOMAIN: 'http://127.0.0.1:8788' } }
      expect(configProblems(standIn, asConsole).join()).toMatch(/not a Cloudflare Access team domain/)
      expect(configProblems({ ...ready, workers_dev: true }, asConsole).join()).toMatch(/workers_dev/)
    })

    it('refuses a console and a gateway that check tokens of two different Access applications', () => {
      expect(
        accessMismatch({ vars: access }, { vars: { ...access, ACCESS_TEAM_DOMAIN: `${access.ACCESS_TEAM_DOMAIN}/` } }),
      ).toEqual([])
      expect(accessMismatch({ vars: access }, { vars: { ...access, ACCESS_AUD: 'other' } }).join()).toMatch(
        /ACCESS_AUD differs/,
      )
    })
  })

  it('refuses a secret set as a var on either worker (the local environment’s realtime key must not ship)', () => {
    const portal = {
      ...production.portal,
      vars: { ...production.portal.vars, REALTIME_SECRET: 'local-realtime-secret-for-development-only' },
    }
    expect(configProblems(portal, { gateway: false }).join()).toMatch(/REALTIME_SECRET is a var/)
    const gateway = { ...production.gateway, vars: { ...production.gateway.vars, REALTIME_SECRET: 'x'.repeat(40) } }
    expect(configProblems(gateway, { gateway: true }).join()).toMatch(/REALTIME_SECRET is a var/)
  })

  it('takes an address whose name mentions a token for what it is: a var, not a secret', () => {
    const gateway = {
      ...production.gateway,
      vars: { ...production.gateway.vars, FCM_TOKEN_ENDPOINT: 'https://oauth2.googleapis.com/token' },
    }
    expect(configProblems(gateway, { gateway: true })).toEqual([])
    const leaked = { ...production.gateway, vars: { ...production.gateway.vars, FCM_TOKEN: 'ya29.x' } }
    expect(configProblems(leaked, { gateway: true }).join()).toMatch(/FCM_TOKEN is a var/)
  })

  it('refuses a portal with debug headers or a placeholder KV id', () => {
    expect(
      configProblems({ ...production.portal, vars: { DEV_MODE: '0', DEBUG_HEADERS: '1' } }, { gateway: false }).join(),
    ).toMatch(/DEBUG_HEADERS/)
    expect(
      configProblems(
        { ...production.portal, kv_namespaces: [{ binding: 'PAYLOADS', id: 'payloads-local' }] },
        { gateway: false },
      ).join(),
    ).toMatch(/placeholder/)
  })

  it('finds the TOML files’ top level production-safe and their local environment not', () => {
    for (const file of ['wrangler.toml', 'gateway/wrangler.toml']) {
      const text = readFileSync(file, 'utf8')
      const topLevel = text.slice(0, text.indexOf('[env.local]'))
      expect(topLevel, file).toMatch(/^DEV_MODE = "0"$/m)
      expect(text.slice(text.indexOf('[env.local]')), file).toMatch(/^DEV_MODE = "1"$/m)
      expect(topLevel, file).toMatch(/^workers_dev = false$/m)
      expect(topLevel, file).not.toMatch(/^\s*(id|database_id) = /m)
      expect(topLevel, file).not.toMatch(/^REALTIME_SECRET/m)
      // Our own request line stays, the platform's URL-bearing invocation log does not (docs/security.md#logs).
      expect(topLevel, file).toMatch(/^\[observability\]\nenabled = true$/m)
      expect(topLevel, file).toMatch(/^\[observability\.logs\]\ninvocation_logs = false$/m)
    }
    // The console's top level names no Access application (the operator fills it in); its local one the stand-in.
    const text = readFileSync('console/wrangler.toml', 'utf8')
    const topLevel = text.slice(0, text.indexOf('[env.local]'))
    expect(topLevel).toMatch(/^workers_dev = false$/m)
    expect(topLevel).toMatch(/^\[observability\.logs\]\ninvocation_logs = false$/m)
    expect(topLevel).toMatch(/^ACCESS_TEAM_DOMAIN = ""$/m)
    expect(text.slice(text.indexOf('[env.local]'))).toMatch(/^ACCESS_TEAM_DOMAIN = "http:\/\/127\.0\.0\.1:\d+"$/m)
  })
})

describe('the gateway bundle (no development code or seed data in a deployment)', () => {
  const markers = devBuildMarkers({
    devSources: ["const TITLE = 'OneID — local stand-in'\nthrow new GatewayError(404, 'not_found')"],
    otherSources: ["throw new GatewayError(404, 'not_found') // and 'an error page shared with dev code'"],
    seedFiles: [[{ id: 1, code: 'UZ', title: { en: 'A seeded post title, long enough to tell' } }]],
  })

  it('takes the dev folder’s own literals and the seed’s longer strings as what gives a development build away', () => {
    expect(markers).toEqual({ code: ['OneID — local stand-in'], seed: ['A seeded post title, long enough to tell'] })
  })

  it('refuses a bundle with development code or with seed data, and passes one with neither', () => {
    expect(gatewayBundleProblems("var t = 'OneID — local stand-in'", markers).join()).toMatch(/development code/)
    expect(gatewayBundleProblems('{"title":"A seeded post title, long enough to tell"}', markers).join()).toMatch(
      /seed data/,
    )
    expect(gatewayBundleProblems("throw new GatewayError(404, 'not_found')", markers)).toEqual([])
  })

  it('finds such strings in the repository’s dev folder and seed files, so the check has something to look for', () => {
    const under = (dir: string, ext: string) =>
      readdirSync(dir, { recursive: true })
        .map(String)
        .filter((name) => name.endsWith(ext))
        .map((name) => readFileSync(`${dir}/${name}`, 'utf8'))
    const real = devBuildMarkers({
      devSources: under('gateway/src/dev', '.ts'),
      otherSources: under('gateway/src/areas', '.ts'),
      seedFiles: under('gateway/seed', '.json').map((text) => JSON.parse(text)),
    })
    expect(real.code.length).toBeGreaterThan(10)
    expect(real.seed.length).toBeGreaterThan(100)
  })
})

describe('the pages the worker answers first (run_worker_first)', () => {
  const rules = ['/', '/uz', '/uz/*', '/ru', '/ru/*', '/en', '/en/*', '/gateway/*']

  it('finds a file of the build that a rule would hide, and lets a negative rule give it back', () => {
    const files = ['/favicon.svg', '/assets/entry-1a2b.js', '/en/logo.png', '/_app/builds/latest.json', '/gateway/x']
    expect(assetsBehindWorker(rules, files)).toEqual(['/en/logo.png', '/gateway/x'])
    expect(assetsBehindWorker([...rules, '!/en/*.png'], files)).toEqual(['/gateway/x'])
    // A glob's star is not a regular expression's: a dot in a rule is a dot.
    expect(assetsBehindWorker(['/a.b'], ['/axb', '/a.b'])).toEqual(['/a.b'])
    expect(assetsBehindWorker(true, files)).toEqual([])
  })

  it('holds for the committed wrangler.toml and the client files the repository serves', () => {
    const toml = readFileSync('wrangler.toml', 'utf8')
    const line = /^run_worker_first = (\[.*\])$/m.exec(toml.slice(0, toml.indexOf('[env.local]')))
    expect(line, 'the top level sends pages to the worker first').not.toBeNull()
    const committed = JSON.parse(line![1]!) as string[]
    expect(committed).toEqual(expect.arrayContaining(['/', '/en', '/en/*', '/uz/*', '/ru/*']))
    const publicFiles = readdirSync('public', { recursive: true }).map((name) => `/${String(name)}`)
    expect(assetsBehindWorker(committed, [...publicFiles, '/assets/entry.js', '/_app/builds/latest.json'])).toEqual([])
  })
})
