/**
 * Crawlers get the complete document (`allReady`) instead of a streamed shell (docs/decisions/0007-head-start.md),
 * recognised by `isbot`'s maintained list. Headless browsers are left out of it: they run the page's scripts like any
 * browser (the portal's own browser tests among them) and should get what browsers get.
 */
import { createIsbotFromList, list } from 'isbot'

export const isBot = createIsbotFromList(list.filter((pattern) => pattern !== 'headless'))
