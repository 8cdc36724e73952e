declare const __BUILD_ID__: string
declare module 'virtual:client-manifest' {
  const manifest: {
    entry: string
    css: string[]
    /** The shell's CSS itself (empty under `vite dev`): inlined in every document. */
    cssText: string
    /** The shell's CSS as rules, from which a complete render inlines those its classes can match. */
    cssRules: import('../shared/markup/css-rules').CssRule[]
    /** The area sheets (`SHEET_NAMES`): built file, text and rules, which a page's `<PageSheet>` inlines. */
    sheets: Record<
      import('../shared/state/state').SheetName,
      { href: string; text: string; rules: import('../shared/markup/css-rules').CssRule[] }
    >
    /** Each locale's whole message catalogue (fallbacks filled), an immutable asset; empty strings under `vite dev`. */
    messages: Record<import('../contract/locales').Locale, string>
    /** The boot script, minified: one statement that calls it with `...BOOT_ARGS` (empty under `vite dev`). */
    boot: string
    /** Chunks the entry imports. */
    preload: string[]
    /** Of those, the ones the boot script starts as module scripts of their own, so each evaluates in its own task. */
    evaluateFirst: string[]
    /** Per route id: the page's chunk and its imports beyond the entry's, for `modulepreload` on first load. */
    pages: Record<string, string[]>
    /** Per server-only page's route id: its body's chunk, which no first view preloads. */
    serverOnly: Record<string, string>
    dev: boolean
    /** The push service worker's module (its own entry). */
    pushWorker: string | null
  }
  export default manifest
}

/** Vite's module glob, which the worker's build and its tests resolve (the worker project sees no Vite client types). */
interface ImportMeta {
  glob<M>(pattern: string | string[], options: { eager: true }): Record<string, M>
}

/** A WebAssembly module the build compiles ahead (`CompiledWasm`): Workers refuse compiling code at run time. */
declare module '*.wasm' {
  const module: WebAssembly.Module
  export default module
}

/** Binary data bundled with the worker (a `Data` module). */
declare module '*.bin' {
  const data: ArrayBuffer
  export default data
}
