/** Types of `deploy-config.mjs` (a plain Node script, so the deploy runs without a compile step). */
export declare function configProblems(
  config: Record<string, unknown>,
  opts: { gateway: boolean; strict?: boolean },
): string[]
