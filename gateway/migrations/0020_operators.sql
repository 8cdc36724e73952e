-- The operator console (docs/decisions/0030-operator-console.md): the agency's staff, who sign in through Cloudflare
-- Access and are known here by the e-mail Access vouches for, with one role each; and the audit log of every change
-- they make (who, when, what, before and after). Removing an operator keeps the row (removed_at), so the log still
-- names who did what.
CREATE TABLE operators (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  name TEXT NOT NULL DEFAULT '',
  role TEXT NOT NULL CHECK (role IN ('moderator', 'editor', 'admin')),
  created_at TEXT NOT NULL,
  removed_at TEXT
);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators (id),
  action TEXT NOT NULL,              -- e.g. appeal.reply, registration.approve, operator.role (docs/gateway-contract.md#operator)
  target_kind TEXT NOT NULL,         -- appeal, project, registration, contact, event_application, operator
  target_id INTEGER NOT NULL,
  before TEXT,                       -- JSON of what changed, as it was (NULL when it did not exist)
  after TEXT                         -- JSON of what changed, as it is now
);
CREATE INDEX audit_log_operator ON audit_log (operator_id, id);
CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id, id);

-- The inbox: contact requests and event applications are marked handled, by whom and when.
ALTER TABLE contact_requests ADD COLUMN handled_at TEXT;
ALTER TABLE contact_requests ADD COLUMN handled_by INTEGER REFERENCES operators (id);
ALTER TABLE event_applications ADD COLUMN handled_at TEXT;
ALTER TABLE event_applications ADD COLUMN handled_by INTEGER REFERENCES operators (id);
