/**
 * The header our own pages add to writes, which a cross-site form cannot send (docs/security.md#csrf). A module of its
 * own so code that only sends the marker does not pull in the gateway client.
 */
export const CSRF_HEADER = 'x-requested-with'
export const CSRF_MARKER = 'invest-portal'
