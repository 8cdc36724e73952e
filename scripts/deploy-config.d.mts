/** Types of `deploy-config.mjs` (a plain Node script, so the deploy runs without a compile step). */
export declare function configProblems(
  config: Record<string, unknown>,
  opts: { gateway: boolean; console?: boolean; strict?: boolean },
): string[]
export declare function accessMismatch(
  consoleConfig: Record<string, unknown>,
  gatewayConfig: Record<string, unknown>,
): string[]
export declare function devBuildMarkers(sources: {
  devSources: string[]
  otherSources: string[]
  seedFiles: unknown[]
}): { code: string[]; seed: string[] }
export declare function gatewayBundleProblems(bundle: string, markers: { code: string[]; seed: string[] }): string[]
export declare function assetsBehindWorker(runWorkerFirst: string[] | boolean | undefined, files: string[]): string[]
