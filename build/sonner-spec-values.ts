import type { Plugin } from 'vite'

/**
 * Sonner hard-codes a 45 px swipe threshold; docs/product.md#constants asks for 20 px. And it injects its stylesheet
 * from script when it
 * loads: the toaster region's chunk imports that sheet instead, so the build emits it (hashed, immutable) and Vite's
 * loader links it before the region renders. Fails the build if sonner changes shape.
 */
export function sonnerSpecValues(): Plugin {
  const INJECT = "if (!code || typeof document == 'undefined') return"
  return {
    name: 'invest-portal:sonner-spec-values',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return
      if (!code.includes('SWIPE_THRESHOLD = 45'))
        this.error('sonner: SWIPE_THRESHOLD constant not found; update the docs/product.md#constants patch')
      if (!code.includes(INJECT))
        this.error(
          'sonner: its style injection changed shape; update the patch that leaves its styles to the toaster chunk',
        )
      return { code: code.replace('SWIPE_THRESHOLD = 45', 'SWIPE_THRESHOLD = 20').replace(INJECT, 'return'), map: null }
    },
  }
}
