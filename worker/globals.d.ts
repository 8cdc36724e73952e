declare const __BUILD_ID__: string
declare module 'virtual:client-manifest' {
  const manifest: { entry: string; css: string[]; preload: string[]; dev: boolean }
  export default manifest
}
