// The React Router peer (docs/performance.md#peers): framework mode on Workers through the Cloudflare Vite plugin, as
// React Router's own Cloudflare template sets it up. The portal's components import `react` from the portal's
// folders: `dedupe` makes them use this app's copy, one React for the whole tree.
import { cloudflare } from '@cloudflare/vite-plugin'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: 'ssr' } }), reactRouter()],
  resolve: { dedupe: ['react', 'react-dom', 'scheduler'] },
  // The portal's public files (its icon).
  publicDir: '../../../../public',
})
