-- Contact requests join the enquiries' pipeline (docs/decisions/0056-enquiries.md#contact-requests): each request is
-- an enquiry of kind `contact` (no project, no timeframe) beside its own row, which keeps the form's fields, and its
-- reply thread becomes the enquiry's. `enquiries` is rebuilt because SQLite cannot drop a NOT NULL; its thread is set
-- aside first, so dropping the old table cascades into nothing.
CREATE TABLE enquiry_messages_kept AS SELECT * FROM enquiry_messages;
DROP TABLE enquiry_messages;

CREATE TABLE enquiries_new (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL DEFAULT 'interest' CHECK (kind IN ('interest', 'contact')),
  project_id INTEGER,
  contact_id INTEGER UNIQUE REFERENCES contact_requests (id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  company_name TEXT NOT NULL DEFAULT '',
  country_id INTEGER,
  amount_id INTEGER,
  timeframe TEXT CHECK (timeframe IN ('within_3_months', 'within_6_months', 'within_a_year', 'later')),
  message TEXT NOT NULL,
  lang TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_contact', 'meeting', 'proposal', 'closed')),
  outcome TEXT CHECK (outcome IN ('won', 'lost')),
  outcome_reason TEXT,
  assignee_id INTEGER REFERENCES operators (id),
  due_date TEXT,
  created_at TEXT NOT NULL,
  -- The last time an operator changed, noted or replied (or the enquirer wrote again): "untouched" counts from here.
  updated_at TEXT NOT NULL,
  CHECK ((status = 'closed') = (outcome IS NOT NULL)),
  -- Interest names its project and timeframe; a contact request names its request and neither of those.
  CHECK (
    CASE kind
      WHEN 'interest' THEN project_id IS NOT NULL AND timeframe IS NOT NULL AND contact_id IS NULL
      ELSE contact_id IS NOT NULL AND project_id IS NULL AND timeframe IS NULL
    END
  )
);
INSERT INTO enquiries_new (id, kind, project_id, user_id, name, email, phone, company_name, country_id, amount_id,
    timeframe, message, lang, status, outcome, outcome_reason, assignee_id, due_date, created_at, updated_at)
  SELECT id, 'interest', project_id, user_id, name, email, phone, company_name, country_id, amount_id, timeframe,
    message, lang, status, outcome, outcome_reason, assignee_id, due_date, created_at, updated_at
  FROM enquiries;
DROP TABLE enquiries;
ALTER TABLE enquiries_new RENAME TO enquiries;
CREATE INDEX enquiries_by_person ON enquiries (email COLLATE NOCASE, project_id, created_at);
CREATE INDEX enquiries_by_user ON enquiries (user_id, id);
CREATE INDEX enquiries_by_status ON enquiries (status, updated_at);
CREATE INDEX enquiries_by_project ON enquiries (project_id);
CREATE INDEX enquiries_by_kind ON enquiries (kind, id);

CREATE TABLE enquiry_messages (
  id INTEGER PRIMARY KEY,
  enquiry_id INTEGER NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'reply', 'note')),
  body TEXT NOT NULL,
  operator_id INTEGER REFERENCES operators (id),
  created_at TEXT NOT NULL
);
INSERT INTO enquiry_messages (id, enquiry_id, kind, body, operator_id, created_at)
  SELECT id, enquiry_id, kind, body, operator_id, created_at FROM enquiry_messages_kept;
DROP TABLE enquiry_messages_kept;
CREATE INDEX enquiry_messages_by_enquiry ON enquiry_messages (enquiry_id, id);

-- Every contact request so far: a handled one is in contact, held by whoever handled it; its account is the one of its
-- address, as "My enquiries" would find it anyway.
INSERT INTO enquiries (kind, contact_id, user_id, name, email, phone, company_name, message, lang, status,
    assignee_id, created_at, updated_at)
  SELECT 'contact', r.id, NULL, trim(r.name || ' ' || r.last_name), r.email, r.phone, r.company_name, r.message, r.lang,
    CASE WHEN r.handled_at IS NULL THEN 'new' ELSE 'in_contact' END, r.handled_by, r.created_at,
    coalesce((SELECT max(x.created_at) FROM contact_replies x WHERE x.contact_id = r.id), r.handled_at, r.created_at)
  FROM contact_requests r ORDER BY r.id;
INSERT INTO enquiry_messages (enquiry_id, kind, body, operator_id, created_at)
  SELECT e.id, 'reply', x.message, x.operator_id, x.created_at
  FROM contact_replies x JOIN enquiries e ON e.contact_id = x.contact_id ORDER BY x.id;
DROP TABLE contact_replies;
