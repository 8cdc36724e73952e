/**
 * Whether this is a development build of the gateway (`CLOUDFLARE_ENV=local`): replaced at build time by `vite.config.ts`
 * (and the gateway's test project), so a production build drops `dev/` and the seed (docs/operations.md#development-build).
 */
declare const __GATEWAY_DEV__: boolean
