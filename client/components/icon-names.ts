/** The names of the extra icons (`icons-extra.ts`): the browser bundle knows which names exist, not how they look. */
export const EXTRA_ICON_NAMES = [
  'award', 'badge-check', 'bank', 'bar-chart-3', 'barrel', 'book-open', 'brick', 'building', 'building-2', 'cable',
  'calculator', 'car', 'check-circle', 'clipboard-list', 'cpu', 'credit-card', 'drafting-compass', 'droplet',
  'file-badge', 'file-check', 'file-signature', 'file-spreadsheet', 'file-text', 'flame', 'flask', 'flask-conical',
  'folder', 'folder-check', 'gavel', 'gem', 'handshake', 'hard-hat', 'hotel', 'id-card', 'key', 'landmark', 'laptop',
  'map', 'mountain', 'package', 'package-check', 'percent', 'pill', 'plane', 'plug', 'receipt', 'refresh-cw', 'school',
  'scissors', 'send', 'server', 'shield-check', 'ship', 'shirt', 'snowflake', 'solar-panel', 'spool', 'sprout', 'stamp',
  'stethoscope', 'sun', 'trees', 'truck', 'upload', 'user-check', 'user-plus', 'users', 'waves', 'wheat', 'wind',
] as const

export type ExtraIconName = (typeof EXTRA_ICON_NAMES)[number]

const EXTRA = new Set<string>(EXTRA_ICON_NAMES)

export function isExtraIcon(name: string): name is ExtraIconName {
  return EXTRA.has(name)
}
