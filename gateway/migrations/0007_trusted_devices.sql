-- Devices that signed in to an account before (docs/security.md#sign-in-throttling): a browser presenting one keeps a
-- sign-in budget of its own, so failures spread over many clients cannot lock the owner out. Only the SHA-256 of the
-- device token is kept.
CREATE TABLE trusted_devices (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX trusted_devices_user ON trusted_devices (user_id, created_at);
