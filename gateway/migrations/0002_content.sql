-- Public content, investor guide, services and integrations (docs/gateway-contract.md), filled by the seeder from gateway/seed/*.json.
-- Localised text is one column per language (`x_uz`, `x_ru`, `x_en`), the API picks the request's language with fallback.
-- Image columns hold names of generated SVG illustrations (GET /document/public/art/{name}.svg).
-- `keywords` holds the lower-cased titles in every language (apostrophes dropped) for `keyword` list filters.

CREATE TABLE posts (
  id INTEGER PRIMARY KEY,
  category TEXT NOT NULL CHECK (category IN ('news', 'publication', 'pr_material', 'blog')),
  publish_date TEXT NOT NULL,
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  content_uz TEXT NOT NULL DEFAULT '', content_ru TEXT NOT NULL DEFAULT '', content_en TEXT NOT NULL DEFAULT '',
  photo TEXT,
  author_first_name TEXT NOT NULL DEFAULT '',
  author_last_name TEXT NOT NULL DEFAULT '',
  keywords TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);
CREATE INDEX posts_by_category_date ON posts (category, publish_date DESC);

CREATE TABLE post_files (
  post_id INTEGER NOT NULL REFERENCES posts (id),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (post_id, position)
);

CREATE TABLE galleries (
  id INTEGER PRIMARY KEY,
  publish_date TEXT NOT NULL,
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  content_uz TEXT NOT NULL DEFAULT '', content_ru TEXT NOT NULL DEFAULT '', content_en TEXT NOT NULL DEFAULT '',
  keywords TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);

CREATE TABLE gallery_images (
  gallery_id INTEGER NOT NULL REFERENCES galleries (id),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  caption_uz TEXT NOT NULL DEFAULT '', caption_ru TEXT NOT NULL DEFAULT '', caption_en TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (gallery_id, position)
);

CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  date_from TEXT NOT NULL,
  date_to TEXT NOT NULL,
  time TEXT NOT NULL DEFAULT '',
  name_uz TEXT NOT NULL DEFAULT '', name_ru TEXT NOT NULL DEFAULT '', name_en TEXT NOT NULL DEFAULT '',
  location_uz TEXT NOT NULL DEFAULT '', location_ru TEXT NOT NULL DEFAULT '', location_en TEXT NOT NULL DEFAULT '',
  description_uz TEXT NOT NULL DEFAULT '', description_ru TEXT NOT NULL DEFAULT '', description_en TEXT NOT NULL DEFAULT '',
  agenda_uz TEXT NOT NULL DEFAULT '', agenda_ru TEXT NOT NULL DEFAULT '', agenda_en TEXT NOT NULL DEFAULT '',
  photo TEXT,
  keywords TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);
CREATE INDEX events_by_date ON events (date_from DESC);

CREATE TABLE stories (
  id INTEGER PRIMARY KEY,
  publish_date TEXT NOT NULL,
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  summary_uz TEXT NOT NULL DEFAULT '', summary_ru TEXT NOT NULL DEFAULT '', summary_en TEXT NOT NULL DEFAULT '',
  content_uz TEXT NOT NULL DEFAULT '', content_ru TEXT NOT NULL DEFAULT '', content_en TEXT NOT NULL DEFAULT '',
  photo TEXT,
  keywords TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);

CREATE TABLE leaders (
  id INTEGER PRIMARY KEY,
  name_uz TEXT NOT NULL DEFAULT '', name_ru TEXT NOT NULL DEFAULT '', name_en TEXT NOT NULL DEFAULT '',
  surname_uz TEXT NOT NULL DEFAULT '', surname_ru TEXT NOT NULL DEFAULT '', surname_en TEXT NOT NULL DEFAULT '',
  position_uz TEXT NOT NULL DEFAULT '', position_ru TEXT NOT NULL DEFAULT '', position_en TEXT NOT NULL DEFAULT '',
  bio_uz TEXT NOT NULL DEFAULT '', bio_ru TEXT NOT NULL DEFAULT '', bio_en TEXT NOT NULL DEFAULT '',
  working_days_uz TEXT NOT NULL DEFAULT '', working_days_ru TEXT NOT NULL DEFAULT '', working_days_en TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  photo TEXT
);

CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  comment_uz TEXT NOT NULL DEFAULT '', comment_ru TEXT NOT NULL DEFAULT '', comment_en TEXT NOT NULL DEFAULT '',
  author_uz TEXT NOT NULL DEFAULT '', author_ru TEXT NOT NULL DEFAULT '', author_en TEXT NOT NULL DEFAULT '',
  photo TEXT
);

CREATE TABLE pages (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  content_uz TEXT NOT NULL DEFAULT '', content_ru TEXT NOT NULL DEFAULT '', content_en TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);

CREATE TABLE regions (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  region_uz TEXT NOT NULL DEFAULT '', region_ru TEXT NOT NULL DEFAULT '', region_en TEXT NOT NULL DEFAULT '',
  keywords TEXT NOT NULL DEFAULT ''
);

CREATE TABLE districts (
  id INTEGER PRIMARY KEY,
  region_id INTEGER NOT NULL REFERENCES regions (id),
  mhobt TEXT NOT NULL,
  name_uz TEXT NOT NULL DEFAULT '', name_ru TEXT NOT NULL DEFAULT '', name_en TEXT NOT NULL DEFAULT '',
  keywords TEXT NOT NULL DEFAULT ''
);
CREATE INDEX districts_by_region ON districts (region_id);

CREATE TABLE countries (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  country_uz TEXT NOT NULL DEFAULT '', country_ru TEXT NOT NULL DEFAULT '', country_en TEXT NOT NULL DEFAULT '',
  keywords TEXT NOT NULL DEFAULT ''
);

CREATE TABLE territories (
  id INTEGER PRIMARY KEY,
  region_id INTEGER NOT NULL REFERENCES regions (id),
  area REAL NOT NULL DEFAULT 0,
  population INTEGER NOT NULL DEFAULT 0,
  tourists INTEGER NOT NULL DEFAULT 0,
  investment_projects INTEGER NOT NULL DEFAULT 0,
  fdi_credits REAL NOT NULL DEFAULT 0,
  foreign_trade REAL NOT NULL DEFAULT 0,
  presentation_uz TEXT NOT NULL DEFAULT '', presentation_ru TEXT NOT NULL DEFAULT '', presentation_en TEXT NOT NULL DEFAULT ''
);

CREATE TABLE sectors (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  content_uz TEXT NOT NULL DEFAULT '', content_ru TEXT NOT NULL DEFAULT '', content_en TEXT NOT NULL DEFAULT '',
  keywords TEXT NOT NULL DEFAULT ''
);

CREATE TABLE amounts (
  id INTEGER PRIMARY KEY,
  content_uz TEXT NOT NULL DEFAULT '', content_ru TEXT NOT NULL DEFAULT '', content_en TEXT NOT NULL DEFAULT '',
  amount_from REAL NOT NULL DEFAULT 0,
  amount_to REAL
);

CREATE TABLE project_categories (
  id INTEGER PRIMARY KEY,
  position INTEGER NOT NULL DEFAULT 0,
  icon TEXT NOT NULL DEFAULT '',
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  description_uz TEXT NOT NULL DEFAULT '', description_ru TEXT NOT NULL DEFAULT '', description_en TEXT NOT NULL DEFAULT '',
  upload TEXT,
  keywords TEXT NOT NULL DEFAULT ''
);

CREATE TABLE service_categories (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES service_categories (id),
  position INTEGER NOT NULL DEFAULT 0,
  icon TEXT NOT NULL DEFAULT '',
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  description_uz TEXT NOT NULL DEFAULT '', description_ru TEXT NOT NULL DEFAULT '', description_en TEXT NOT NULL DEFAULT ''
);
CREATE INDEX service_categories_by_parent ON service_categories (parent_id);

CREATE TABLE services (
  id INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES service_categories (id),
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  description_uz TEXT NOT NULL DEFAULT '', description_ru TEXT NOT NULL DEFAULT '', description_en TEXT NOT NULL DEFAULT '',
  info_uz TEXT NOT NULL DEFAULT '', info_ru TEXT NOT NULL DEFAULT '', info_en TEXT NOT NULL DEFAULT '',
  link TEXT,
  upload TEXT,
  online INTEGER NOT NULL DEFAULT 0,
  is_external INTEGER NOT NULL DEFAULT 0,
  keywords TEXT NOT NULL DEFAULT ''
);
CREATE INDEX services_by_category ON services (category_id);

CREATE TABLE project_category_services (
  category_id INTEGER NOT NULL REFERENCES project_categories (id),
  service_id INTEGER NOT NULL REFERENCES services (id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, service_id)
);

CREATE TABLE projects (
  id INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES project_categories (id),
  sector_id INTEGER NOT NULL REFERENCES sectors (id),
  region_id INTEGER NOT NULL REFERENCES regions (id),
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  content_uz TEXT NOT NULL DEFAULT '', content_ru TEXT NOT NULL DEFAULT '', content_en TEXT NOT NULL DEFAULT '',
  icon TEXT NOT NULL DEFAULT '',
  budget REAL NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('open_for_investment', 'under_negotiation', 'closed')),
  upload TEXT,
  latitude REAL,
  longitude REAL,
  pp REAL,
  irr REAL,
  npv REAL,
  email TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  keywords TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);
CREATE INDEX projects_by_category ON projects (category_id);
CREATE INDEX projects_by_region ON projects (region_id);

CREATE TABLE service_processes (
  id INTEGER PRIMARY KEY,
  service_id INTEGER NOT NULL REFERENCES services (id),
  position INTEGER NOT NULL DEFAULT 0,
  icon TEXT NOT NULL DEFAULT '',
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  description_uz TEXT NOT NULL DEFAULT '', description_ru TEXT NOT NULL DEFAULT '', description_en TEXT NOT NULL DEFAULT ''
);
CREATE INDEX service_processes_by_service ON service_processes (service_id);

CREATE TABLE service_steps (
  id INTEGER PRIMARY KEY,
  process_id INTEGER NOT NULL REFERENCES service_processes (id),
  position INTEGER NOT NULL DEFAULT 0,
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  content_uz TEXT NOT NULL DEFAULT '', content_ru TEXT NOT NULL DEFAULT '', content_en TEXT NOT NULL DEFAULT '',
  upload TEXT
);
CREATE INDEX service_steps_by_process ON service_steps (process_id);

CREATE TABLE step_groups (
  id INTEGER PRIMARY KEY,
  step_id INTEGER NOT NULL REFERENCES service_steps (id),
  position INTEGER NOT NULL DEFAULT 0,
  icon TEXT NOT NULL DEFAULT '',
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT ''
);
CREATE INDEX step_groups_by_step ON step_groups (step_id);

CREATE TABLE step_accordions (
  id INTEGER PRIMARY KEY,
  step_id INTEGER NOT NULL REFERENCES service_steps (id),
  position INTEGER NOT NULL DEFAULT 0,
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  content_uz TEXT NOT NULL DEFAULT '', content_ru TEXT NOT NULL DEFAULT '', content_en TEXT NOT NULL DEFAULT ''
);
CREATE INDEX step_accordions_by_step ON step_accordions (step_id);

-- A document belongs to exactly one document group or one accordion of a service step.
CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  group_id INTEGER REFERENCES step_groups (id),
  accordion_id INTEGER REFERENCES step_accordions (id),
  position INTEGER NOT NULL DEFAULT 0,
  type TEXT NOT NULL CHECK (type IN ('pdf', 'docx', 'xlsx')),
  title_uz TEXT NOT NULL DEFAULT '', title_ru TEXT NOT NULL DEFAULT '', title_en TEXT NOT NULL DEFAULT '',
  CHECK ((group_id IS NULL) <> (accordion_id IS NULL))
);
CREATE INDEX documents_by_group ON documents (group_id);
CREATE INDEX documents_by_accordion ON documents (accordion_id);

CREATE TABLE eauction_lots (
  order_id INTEGER PRIMARY KEY,
  lot_number TEXT NOT NULL UNIQUE,
  property_name_uz TEXT NOT NULL DEFAULT '', property_name_ru TEXT NOT NULL DEFAULT '', property_name_en TEXT NOT NULL DEFAULT '',
  property_group_uz TEXT NOT NULL DEFAULT '', property_group_ru TEXT NOT NULL DEFAULT '', property_group_en TEXT NOT NULL DEFAULT '',
  property_category_uz TEXT NOT NULL DEFAULT '', property_category_ru TEXT NOT NULL DEFAULT '', property_category_en TEXT NOT NULL DEFAULT '',
  address_uz TEXT NOT NULL DEFAULT '', address_ru TEXT NOT NULL DEFAULT '', address_en TEXT NOT NULL DEFAULT '',
  lot_status_uz TEXT NOT NULL DEFAULT '', lot_status_ru TEXT NOT NULL DEFAULT '', lot_status_en TEXT NOT NULL DEFAULT '',
  region_id INTEGER NOT NULL REFERENCES regions (id),
  area REAL NOT NULL DEFAULT 0,
  image TEXT,
  start_price REAL NOT NULL DEFAULT 0,
  zakalad_percent REAL NOT NULL DEFAULT 0,
  auction_start_time TEXT NOT NULL,
  order_end_time TEXT NOT NULL,
  is_tern_payment INTEGER NOT NULL DEFAULT 0,
  term_month INTEGER,
  customer_name TEXT NOT NULL DEFAULT '',
  customer_phone TEXT NOT NULL DEFAULT '',
  customer_email TEXT NOT NULL DEFAULT '',
  lat REAL,
  lng REAL,
  view_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE eauction_lot_images (
  order_id INTEGER NOT NULL REFERENCES eauction_lots (order_id),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (order_id, position)
);

CREATE TABLE uzex_lots (
  lot_id INTEGER PRIMARY KEY,
  lot_number TEXT NOT NULL,
  proposal_name_uz TEXT NOT NULL DEFAULT '', proposal_name_ru TEXT NOT NULL DEFAULT '', proposal_name_en TEXT NOT NULL DEFAULT '',
  customer_region_uz TEXT NOT NULL DEFAULT '', customer_region_ru TEXT NOT NULL DEFAULT '', customer_region_en TEXT NOT NULL DEFAULT '',
  trade_type_uz TEXT NOT NULL DEFAULT '', trade_type_ru TEXT NOT NULL DEFAULT '', trade_type_en TEXT NOT NULL DEFAULT '',
  customer TEXT NOT NULL DEFAULT '',
  start_cost REAL NOT NULL DEFAULT 0,
  currency_name TEXT NOT NULL DEFAULT 'UZS',
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL
);

CREATE TABLE uzex_products (
  lot_id INTEGER NOT NULL REFERENCES uzex_lots (lot_id),
  position INTEGER NOT NULL,
  name_uz TEXT NOT NULL DEFAULT '', name_ru TEXT NOT NULL DEFAULT '', name_en TEXT NOT NULL DEFAULT '',
  info_uz TEXT NOT NULL DEFAULT '', info_ru TEXT NOT NULL DEFAULT '', info_en TEXT NOT NULL DEFAULT '',
  number REAL NOT NULL DEFAULT 0,
  price_unit REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (lot_id, position)
);

-- Bookkeeping for the seeder (last run time, row counts).
CREATE TABLE seed_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- One row per (kind, item, language). `title`/`body` hold normalised text for matching, the display columns hold what
-- the search answer shows. Rebuilt by every seed run.
CREATE VIRTUAL TABLE search_index USING fts5 (
  title,
  body,
  kind UNINDEXED,
  ref_id UNINDEXED,
  lang UNINDEXED,
  display_title UNINDEXED,
  description UNINDEXED,
  path UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2'
);
