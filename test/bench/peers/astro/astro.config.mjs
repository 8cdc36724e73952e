// The Astro peer (docs/performance.md#peers): on-demand rendering on Workers with @astrojs/cloudflare, the page's
// interactive parts as React islands. The portal's components import `react` from the portal's folders: `dedupe`
// makes them use this app's copy.
import cloudflare from '@astrojs/cloudflare'
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'

export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  // No sessions: the page has none (the adapter would otherwise bind a KV namespace for them).
  session: false,
  // The portal's public files (its icon).
  publicDir: '../../../../public',
  vite: { resolve: { dedupe: ['react', 'react-dom', 'scheduler'] }, logLevel: 'warn' },
})
