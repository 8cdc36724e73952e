/** What the inbox shows of each kind of item, in its record and its CSV export alike. */
import type { InboxItem } from '../../../../contract/operators/inbox'
import type { InboxKind } from '../../../../contract/operators/values'

/** The columns of each kind, in the list and the CSV alike: [field, label key]. */
export const INBOX_COLUMNS: Record<InboxKind, [string, string][]> = {
  event: [
    ['id', 'inbox.fields.id'],
    ['created_at', 'inbox.fields.created_at'],
    ['event_title', 'inbox.fields.event_title'],
    ['role', 'inbox.fields.role'],
    ['first_name', 'inbox.fields.first_name'],
    ['last_name', 'inbox.fields.last_name'],
    ['middle_name', 'inbox.fields.middle_name'],
    ['gender', 'inbox.fields.gender'],
    ['birth_date', 'inbox.fields.birth_date'],
    ['birthplace', 'inbox.fields.birthplace'],
    ['country', 'inbox.fields.country'],
    ['address', 'inbox.fields.address'],
    ['passport', 'inbox.fields.passport'],
    ['email', 'inbox.fields.email'],
    ['phone', 'inbox.fields.phone'],
    ['organization', 'inbox.fields.organization'],
    ['position', 'inbox.fields.position'],
    ['activity', 'inbox.fields.activity'],
    ['lang', 'inbox.fields.lang'],
  ],
}

/** An item's field as text: empty when the item has none. */
export const fieldText = (item: InboxItem, field: string) => {
  const value = item[field]
  return value === null || value === undefined ? '' : String(value)
}
