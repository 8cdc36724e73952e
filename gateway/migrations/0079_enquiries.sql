-- Enquiries (docs/gateway-contract.md#enquiries): interest in a catalogue project, followed up by the agency through
-- new → in_contact → meeting → proposal → closed (won or lost, with a reason). The enquirer is an account (user_id) or
-- an address only; `lang` is the language the enquiry was made in, which its mails are written in. The project, country
-- and amount are the agency's content, which the seed replaces and editors change, so they are plain ids, not foreign
-- keys: an enquiry outlives a change of its project's row.
CREATE TABLE enquiries (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  company_name TEXT NOT NULL DEFAULT '',
  country_id INTEGER,
  amount_id INTEGER,
  timeframe TEXT NOT NULL CHECK (timeframe IN ('within_3_months', 'within_6_months', 'within_a_year', 'later')),
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
  CHECK ((status = 'closed') = (outcome IS NOT NULL))
);
CREATE INDEX enquiries_by_person ON enquiries (email COLLATE NOCASE, project_id, created_at);
CREATE INDEX enquiries_by_user ON enquiries (user_id, id);
CREATE INDEX enquiries_by_status ON enquiries (status, updated_at);
CREATE INDEX enquiries_by_project ON enquiries (project_id);

-- An enquiry's thread: the enquirer's later messages (a merged second enquiry), the agency's replies (mailed to the
-- enquirer, shown on their signed link and in their profile) and internal notes (never shown to the enquirer).
CREATE TABLE enquiry_messages (
  id INTEGER PRIMARY KEY,
  enquiry_id INTEGER NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'reply', 'note')),
  body TEXT NOT NULL,
  operator_id INTEGER REFERENCES operators (id),
  created_at TEXT NOT NULL
);
CREATE INDEX enquiry_messages_by_enquiry ON enquiry_messages (enquiry_id, id);
