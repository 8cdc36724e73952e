-- Changing an account's e-mail (docs/gateway-contract.md#account): the new address gets a single-use link, and the
-- change happens when it is opened. Only the SHA-256 of the link's token is kept.
CREATE TABLE email_changes (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email TEXT NOT NULL COLLATE NOCASE,
  token_hash TEXT NOT NULL,
  lang TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX email_changes_user ON email_changes (user_id);
