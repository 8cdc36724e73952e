import { defineConfig, type Plugin } from 'vite'
import { cloudflare } from '@cloudflare/vite-plugin'
import react from '@vitejs/plugin-react'
import fs from 'node:fs'

function clientManifest(): Plugin {
  let isBuild = false
  return {
    name: 'client-manifest',
    configResolved(c) { isBuild = c.command === 'build' },
    resolveId(id) { if (id === 'virtual:client-manifest') return '\0virtual:client-manifest' },
    load(id) {
      if (id !== '\0virtual:client-manifest') return
      if (!isBuild) return `export default { entry: '/client/entry.tsx', css: [], dev: true }`
      const m = JSON.parse(fs.readFileSync('dist/client/.vite/manifest.json', 'utf8'))
      const e = m['client/entry.tsx']
      return `export default ${JSON.stringify({ entry: '/' + e.file, css: (e.css ?? []).map((f: string) => '/' + f), dev: false })}`
    },
  }
}

export default defineConfig({
  plugins: [react(), cloudflare({ auxiliaryWorkers: [{ configPath: './gateway/wrangler.jsonc' }] }), clientManifest()],
  environments: {
    client: { build: { manifest: true, rollupOptions: { input: 'client/entry.tsx' } } },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client)
      for (const [name, env] of Object.entries(builder.environments)) if (name !== 'client') await builder.build(env)
    },
  },
})
