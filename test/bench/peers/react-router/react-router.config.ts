import type { Config } from '@react-router/dev/config'

// The build goes to `dist/`, like the portal's and Astro's (and is ignored like theirs).
export default { ssr: true, buildDirectory: 'dist' } satisfies Config
