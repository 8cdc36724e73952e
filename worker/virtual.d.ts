declare module "virtual:client-manifest" { const m: { entry: string; css: string[]; dev: boolean }; export default m }
