-- A person's download of their data (docs/gateway-contract.md#data-export): a JSON file in R2, made on request (by the
-- export queue when large) and offered for a limited time, after which the retention cron deletes it.
CREATE TABLE data_exports (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('pending', 'ready', 'failed')),
  r2_key TEXT,
  size INTEGER,
  lang TEXT NOT NULL,
  created_at TEXT NOT NULL,
  ready_at TEXT,
  expires_at TEXT
);
CREATE INDEX data_exports_user ON data_exports (user_id, id);
