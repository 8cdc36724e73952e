declare const __BUILD_ID__: string
declare module 'virtual:client-manifest' {
  const manifest: { entry: string; css: string[]; preload: string[]; dev: boolean; /** The push service worker's module (its own entry). */ pushWorker: string | null }
  export default manifest
}
