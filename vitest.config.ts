import { defineConfig } from 'vitest/config'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: './gateway/wrangler.jsonc' },
            miniflare: { bindings: { TEST_MIGRATIONS: await readD1Migrations('./gateway/migrations') } },
          })),
        ],
        test: { name: 'gateway', include: ['gateway/test/**/*.test.ts'] },
      },
    ],
  },
})
