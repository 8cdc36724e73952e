/** The console's built browser scripts (build/console-scripts.ts). */
declare module 'virtual:console-scripts' {
  const scripts: Record<'form' | 'editor', { path: string; code: string }>
  export default scripts
}
