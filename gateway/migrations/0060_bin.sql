-- Deleting from the operator console (docs/gateway-contract.md#operator-bin): an item (with everything that belongs to
-- it) leaves its tables for the bin, whence an admin restores it for 30 days; then the retention cron erases it. The
-- rows are kept as JSON in the order they are written back, parents first.
CREATE TABLE bin (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,                -- the kind of content (post, event, country, …)
  item_id INTEGER NOT NULL,          -- its id in its table
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  rows_json TEXT NOT NULL,           -- [{ "table": …, "rows": [{ column: value }] }]
  deleted_at TEXT NOT NULL,
  deleted_by INTEGER NOT NULL REFERENCES operators (id),
  erase_after TEXT NOT NULL
);
CREATE INDEX bin_erase_after ON bin (erase_after);
CREATE INDEX bin_item ON bin (kind, item_id);
