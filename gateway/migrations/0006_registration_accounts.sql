-- Registration applications become accounts (docs/product.md#registration). One row per application of either form
-- records its decision; its id is the one moderators and operators name, whichever form the application came from.
CREATE TABLE registrations (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('investor', 'business')),
  application_id INTEGER NOT NULL,  -- id in investor_registrations or business_registrations, by kind
  email TEXT NOT NULL COLLATE NOCASE,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  reason TEXT,                      -- the rejection's reason, as mailed to the applicant
  decided_at TEXT,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,  -- the account an approval created
  created_at TEXT NOT NULL,
  UNIQUE (kind, application_id)
);
-- At most one application per e-mail waits for a decision, across both forms, even when two arrive at once.
CREATE UNIQUE INDEX registrations_pending_email ON registrations (email) WHERE state = 'pending';
CREATE INDEX registrations_state ON registrations (state, id);

-- Applications from before wait for a decision as well: the first per e-mail; later ones are recorded as rejected
-- duplicates (the partial index above leaves them out of the first two statements).
INSERT OR IGNORE INTO registrations (kind, application_id, email, created_at)
  SELECT 'investor', id, email, created_at FROM investor_registrations ORDER BY id;
INSERT OR IGNORE INTO registrations (kind, application_id, email, created_at)
  SELECT 'business', id, email, created_at FROM business_registrations ORDER BY id;
INSERT OR IGNORE INTO registrations (kind, application_id, email, state, reason, decided_at, created_at)
  SELECT 'investor', id, email, 'rejected', 'duplicate application', created_at, created_at FROM investor_registrations;
INSERT OR IGNORE INTO registrations (kind, application_id, email, state, reason, decided_at, created_at)
  SELECT 'business', id, email, 'rejected', 'duplicate application', created_at, created_at FROM business_registrations;
