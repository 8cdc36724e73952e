/**
 * The message namespaces the home page's render reads, its parts the browser keeps as drawn included (the portal's
 * edge records the keys per render; a peer names what it needs, as an app of its framework would).
 */
export const HOME_NAMESPACES: readonly string[] = [
  'appeal',
  'content',
  'footer',
  'header',
  'home',
  'menu',
  'nav',
  'routes',
  'site',
]
