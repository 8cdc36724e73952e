-- Core (account-side) tables of the reference gateway. Times are ISO-8601 UTC text unless named *_ms.
-- Region and country ids are plain integers (the content tables come in 0002 and are looked up by id).

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('investor', 'businessmen')),
  is_resident INTEGER NOT NULL DEFAULT 0 CHECK (is_resident IN (0, 1)),
  password_hash TEXT,            -- pbkdf2-sha256$iterations$salt$hash (base64); NULL for OneID-only residents
  pin TEXT,                      -- PINFL of a resident identity (OneID stand-in)
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX users_pin ON users (pin);

-- One row per user; investor and businessmen fields together (docs/gateway-contract.md#profile).
CREATE TABLE profiles (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '',
  surname TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  pin TEXT NOT NULL DEFAULT '',
  tin TEXT NOT NULL DEFAULT '',
  country_id INTEGER,
  website TEXT NOT NULL DEFAULT '',
  position TEXT NOT NULL DEFAULT '',
  company_name TEXT NOT NULL DEFAULT '',
  contact_person TEXT NOT NULL DEFAULT '',
  legal_address TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT '',
  comments TEXT NOT NULL DEFAULT '',
  region_id INTEGER
);

-- Bearer tokens: only the SHA-256 of the 256-bit random token is stored.
CREATE TABLE tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,      -- absolute expiry
  last_used_at TEXT NOT NULL,    -- idle expiry counts from here
  revoked_at TEXT
);
CREATE INDEX tokens_user ON tokens (user_id);

CREATE TABLE reset_links (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL,
  time TEXT NOT NULL,            -- the `time` value the link carries (issue time, ms since epoch)
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX reset_links_user ON reset_links (user_id);

-- Fixed-window counters (login failures per account and per IP, public form posts per IP).
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  window_start_ms INTEGER NOT NULL
);

-- The local EMAIL adapter writes here; read back through /dev/outbox when DEV_MODE is on.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  to_email TEXT NOT NULL COLLATE NOCASE,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX outbox_to ON outbox (to_email);

-- Single-use OneID authorisation codes (stored hashed, short-lived).
CREATE TABLE oneid_codes (
  code_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE fcm_tokens (
  token TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  updated_at TEXT NOT NULL
);
CREATE INDEX fcm_tokens_user ON fcm_tokens (user_id);

CREATE TABLE notifications (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  message_uz TEXT NOT NULL,
  message_ru TEXT NOT NULL,
  message_en TEXT NOT NULL,
  link TEXT NOT NULL DEFAULT '',
  seen INTEGER NOT NULL DEFAULT 0,
  created TEXT NOT NULL
);
CREATE INDEX notifications_user ON notifications (user_id, id);

-- Topics (parent_id NULL) and their types (parent_id = the topic's id).
CREATE TABLE appeal_topics (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES appeal_topics (id),
  title_uz TEXT NOT NULL,
  title_ru TEXT NOT NULL,
  title_en TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX appeal_topics_parent ON appeal_topics (parent_id);

CREATE TABLE appeals (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,   -- NULL for anonymous appeals
  full_name TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  topic_id INTEGER NOT NULL REFERENCES appeal_topics (id),
  type_id INTEGER NOT NULL REFERENCES appeal_topics (id),
  region_id INTEGER NOT NULL,
  text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'in_moderation' CHECK (status IN ('in_moderation', 'reviewed', 'resolved', 'not_resolved')),
  reject_reason TEXT,
  resolve_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX appeals_user ON appeals (user_id, id);

CREATE TABLE appeal_responses (
  id INTEGER PRIMARY KEY,
  appeal_id INTEGER NOT NULL REFERENCES appeals (id) ON DELETE CASCADE,
  admin TEXT,                    -- moderator's display name; NULL when the appeal's owner wrote it
  owner INTEGER NOT NULL DEFAULT 0,
  response TEXT NOT NULL,
  created TEXT NOT NULL
);
CREATE INDEX appeal_responses_appeal ON appeal_responses (appeal_id, id);

-- Uploaded files: bytes in R2 under a server-generated key, metadata here. The id is random (unguessable link).
CREATE TABLE files (
  id TEXT PRIMARY KEY,
  r2_key TEXT NOT NULL UNIQUE,
  size INTEGER NOT NULL,
  file_name TEXT NOT NULL,
  original_name TEXT NOT NULL,
  file_extension TEXT NOT NULL,
  content_type TEXT NOT NULL,
  is_public INTEGER NOT NULL DEFAULT 1,
  owner_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE personal_projects (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title_uz TEXT NOT NULL DEFAULT '',
  title_ru TEXT NOT NULL DEFAULT '',
  title_en TEXT NOT NULL DEFAULT '',
  content_uz TEXT NOT NULL DEFAULT '',
  content_ru TEXT NOT NULL DEFAULT '',
  content_en TEXT NOT NULL DEFAULT '',
  category_id INTEGER NOT NULL,
  sector_id INTEGER NOT NULL,
  region_id INTEGER NOT NULL,
  budget REAL NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open_for_investment', 'under_negotiation', 'closed')),
  latitude REAL,
  longitude REAL,
  phone TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  reject_reason TEXT,
  draft INTEGER NOT NULL DEFAULT 0,
  visible INTEGER NOT NULL DEFAULT 1,
  upload_file_id TEXT REFERENCES files (id) ON DELETE SET NULL,
  presentation_uz_file_id TEXT REFERENCES files (id) ON DELETE SET NULL,
  presentation_ru_file_id TEXT REFERENCES files (id) ON DELETE SET NULL,
  presentation_en_file_id TEXT REFERENCES files (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX personal_projects_user ON personal_projects (user_id, id);

CREATE TABLE personal_project_budgets (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES personal_projects (id) ON DELETE CASCADE,
  sum REAL NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX personal_project_budgets_project ON personal_project_budgets (project_id);

-- Personal services; params_json holds [{ key, title: {uz,ru,en}, type, required }].
CREATE TABLE personal_services (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('my_company', 'infrastructure', 'license', 'foreign_economic_activity',
    'tax_information', 'economic_operations', 'others')),
  title_uz TEXT NOT NULL,
  title_ru TEXT NOT NULL,
  title_en TEXT NOT NULL,
  description_uz TEXT NOT NULL,
  description_ru TEXT NOT NULL,
  description_en TEXT NOT NULL,
  handler TEXT,
  params_json TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX personal_services_type ON personal_services (type);

CREATE TABLE contact_requests (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  website TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  designation TEXT NOT NULL DEFAULT '',
  message TEXT NOT NULL,
  purpose TEXT NOT NULL,
  company_name TEXT NOT NULL DEFAULT '',
  lang TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE investor_registrations (
  id INTEGER PRIMARY KEY,
  company_name TEXT NOT NULL,
  website TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  position TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  surname TEXT NOT NULL,
  pin TEXT,
  country_id INTEGER,
  source TEXT NOT NULL,
  source_variant TEXT NOT NULL DEFAULT '',
  comments TEXT NOT NULL DEFAULT '',
  is_resident INTEGER NOT NULL,
  lang TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE business_registrations (
  id INTEGER PRIMARY KEY,
  company_name TEXT NOT NULL,
  tin TEXT NOT NULL DEFAULT '',
  pin TEXT,
  legal_address TEXT NOT NULL DEFAULT '',
  website TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  surname TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  source TEXT NOT NULL,
  source_variant TEXT NOT NULL DEFAULT '',
  comments TEXT NOT NULL DEFAULT '',
  is_resident INTEGER NOT NULL,
  lang TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE event_applications (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL,
  role TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  middle_name TEXT NOT NULL DEFAULT '',
  birth_date TEXT NOT NULL,
  gender TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  passport TEXT NOT NULL,
  country_id INTEGER NOT NULL,
  address TEXT NOT NULL,
  birthplace TEXT NOT NULL,
  organization TEXT NOT NULL,
  position TEXT NOT NULL,
  activity TEXT NOT NULL DEFAULT '',
  lang TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Passport scan and photo of an event application (private files: never served publicly).
CREATE TABLE event_application_documents (
  application_id INTEGER PRIMARY KEY REFERENCES event_applications (id) ON DELETE CASCADE,
  passport_file_id TEXT NOT NULL REFERENCES files (id),
  image_file_id TEXT NOT NULL REFERENCES files (id),
  created_at TEXT NOT NULL
);
