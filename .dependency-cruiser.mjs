/**
 * The rooms (docs/architecture.md#rooms, #client-rooms): which folder may import which, which packages the leaves and
 * shared/ may use, and no import circles anywhere. `npm run lint` runs it; `test/rooms.test.ts` shows each rule
 * failing on a module that breaks it. Imports only: what an import cannot show (hand-built portal paths, payload
 * types declared twice, page actions named after routes) is `test/architecture.test.ts`'s.
 *
 * Every dependency counts: static, dynamic (`import()`), re-exports and type-only ones (`import type`, `import('x').T`),
 * so a circle of types is a circle too; no circle is exempt. Modules found by file name (`import.meta.glob`: the page
 * registry in client/runtime/, the page actions in worker/page/) are not imports here, by design: the registry knows
 * no page (docs/architecture.md#adding-a-page).
 */

/** The rooms of the repository; an import of any other folder is a crossing. */
const ROOMS = '^(contract|platform|shared|worker|client|gateway|console|test|locales)/'
const TEST = '\\.(test|spec)\\.tsx?$'
/** Where a client module may live: its rooms, and the two entries at the root. */
const CLIENT_PLACES = '^client/((runtime|ui|lib|shell|features|pages|styles)/|entry\\.tsx$|server\\.ts$)'
/** A package or built-in module: anything that is not a file of this repository. */
const PACKAGE = ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown', 'core', 'unknown']

/** `from` may import the repository's files only under these paths. */
function onlyInto(name, from, allowed, comment) {
  return { name, comment, severity: 'error', from, to: { dependencyTypes: ['local'], pathNot: allowed } }
}

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module never reaches itself through its imports (docs/architecture.md#rule-1). No exceptions.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    onlyInto(
      'outside-the-rooms',
      { path: '^(contract|platform|shared|worker|client|gateway|console)/' },
      ROOMS,
      'Code imports only code of the rooms, never tooling (build/, scripts/) or a configuration file.',
    ),

    // The two leaves every worker shares, as if they were published packages.
    onlyInto('contract-imports-contract', { path: '^contract/' }, '^contract/', 'contract/ imports only contract/.'),
    {
      name: 'contract-depends-on-valibot-alone',
      comment: 'The schemas of the APIs depend on valibot alone (its tests may use the test runner).',
      severity: 'error',
      from: { path: '^contract/', pathNot: TEST },
      to: { dependencyTypes: PACKAGE, pathNot: '(^|/)node_modules/valibot/' },
    },
    onlyInto(
      'platform-imports-leaves',
      { path: '^platform/' },
      '^(platform|contract)/',
      'platform/ imports only platform/ and contract/: the plumbing of three workers knows none of them.',
    ),
    {
      name: 'platform-depends-on-hono-and-valibot',
      comment: 'Worker plumbing may use hono and valibot, nothing else.',
      severity: 'error',
      from: { path: '^platform/', pathNot: TEST },
      to: { dependencyTypes: PACKAGE, pathNot: '(^|/)node_modules/(hono|valibot)/' },
    },

    // shared/: code both sides run.
    onlyInto(
      'shared-imports-shared-and-contract',
      { path: '^shared/' },
      '^(shared|contract)/',
      'shared/ imports nothing outside shared/ and contract/.',
    ),
    {
      name: 'shared-runs-on-both-sides',
      comment: 'shared/ imports neither hono nor react (nor a runtime module: cloudflare:, virtual:).',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '(^|/)node_modules/(@types/)?(hono|react|react-dom|swr|sonner|scheduler)/|^(cloudflare|virtual):' },
    },
    {
      name: 'shared-imports-no-node-built-in',
      comment: 'shared/ runs in the browser too: no Node built-in (its tests may read files).',
      severity: 'error',
      from: { path: '^shared/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },

    // The three workers.
    onlyInto(
      'worker-rooms',
      { path: '^worker/' },
      '^(worker|shared|contract|platform|locales)/|^client/server\\.ts$',
      'worker/ imports shared/, contract/, platform/, the locales, and of client/ only client/server.ts.',
    ),
    onlyInto(
      'gateway-stands-alone',
      { path: '^gateway/' },
      '^(gateway|contract|platform)/',
      'gateway/ stands alone, as the real upstream would, but for the two leaves contract/ and platform/.',
    ),
    {
      name: 'seed-only-for-the-dev-room',
      comment:
        "The demo seed is the gateway's dev room's (gateway/src/dev/, left out of the production build): no other code " +
        'imports gateway/seed/; tests may, to know what the seeded stack shows (docs/operations.md#reference-catalogues).',
      severity: 'error',
      from: { pathNot: ['^gateway/src/dev/', '^gateway/test/', '^test/', TEST] },
      to: { path: '^gateway/seed/' },
    },
    onlyInto(
      'console-rooms',
      { path: '^console/', pathNot: TEST },
      '^(console|shared|contract|platform)/',
      'console/ imports shared/, contract/ and platform/ only; its tests may reach further.',
    ),
    onlyInto(
      'console-browser-imports',
      { path: '^console/browser/' },
      '^(console/browser|contract)/',
      "The console's browser scripts import each other and contract/ only (docs/decisions/0055-console-editor.md).",
    ),
    {
      name: 'console-worker-leaves-browser',
      comment:
        "The console's worker never imports its browser scripts: it serves them built (build/console-scripts.ts).",
      severity: 'error',
      from: { path: '^console/', pathNot: ['^console/browser/', TEST] },
      to: { path: '^console/browser/' },
    },

    // client/ and its rooms (docs/architecture.md#client-rooms).
    onlyInto(
      'client-rooms',
      { path: '^client/' },
      '^(client|shared|contract)/',
      'client/ imports shared/ and contract/.',
    ),
    {
      name: 'client-module-in-a-room',
      comment:
        'Every client module lives in a room, beside the browser entry (entry.tsx) and the edge entry (server.ts).',
      severity: 'error',
      // A rule on the module itself, so a stray module is caught even when nothing imports it yet (100 is the most
      // dependents the rule counts up to; `client-module-in-a-room-imported` covers the rest).
      module: { path: '^client/', pathNot: CLIENT_PLACES, numberOfDependentsLessThan: 100 },
      from: {},
    },
    {
      name: 'client-module-in-a-room-imported',
      comment:
        'Every client module lives in a room, beside the browser entry (entry.tsx) and the edge entry (server.ts).',
      severity: 'error',
      from: {},
      to: { path: '^client/', pathNot: CLIENT_PLACES },
    },
    {
      name: 'client-runtime-is-the-ground-floor',
      comment: 'client/runtime/ imports no other client room: the rooms above it build on it, never the other way.',
      severity: 'error',
      from: { path: '^client/runtime/' },
      to: { path: '^client/', pathNot: '^client/runtime/' },
    },
    {
      name: 'client-ui-lib-below-shell',
      comment: 'client/ui/ and client/lib/ import no feature, shell or page.',
      severity: 'error',
      from: { path: '^client/(ui|lib)/' },
      to: { path: '^client/(features|shell|pages)/' },
    },
    {
      name: 'client-lib-draws-nothing',
      comment: 'client/lib/ computes; it imports no ui.',
      severity: 'error',
      from: { path: '^client/lib/' },
      to: { path: '^client/ui/' },
    },
    {
      name: 'client-shell-no-page',
      comment: 'client/shell/ imports no page: the page registry finds pages by file name.',
      severity: 'error',
      from: { path: '^client/shell/' },
      to: { path: '^client/pages/' },
    },
    {
      name: 'client-feature-through-its-module',
      comment: 'A feature reaches another only through the module named after it (features/x/x.ts).',
      severity: 'error',
      from: { path: '^client/features/([^/]+)/' },
      to: { path: '^client/features/', pathNot: ['^client/features/$1/', '^client/features/([^/]+)/\\1\\.tsx?$'] },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Generated binding types (no imports, 16,000 lines each), build output, and the bench's peers: apps of other
    // frameworks with their own packages and builds (docs/performance.md#peers).
    exclude: { path: '^(dist|\\.tsbuild|\\.wrangler|test/bench/peers)/|worker-configuration\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      // Packages as the bundler reads them: their `exports` (hono/cookie, react-dom/client…) under ES conditions.
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.mjs', '.js', '.json'],
    },
  },
}
