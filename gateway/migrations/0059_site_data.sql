-- What every page shows beside its own content is data an operator sets (docs/gateway-contract.md#site-settings): the
-- contact opening hours (with the contacts), the home page's key figures, and the investor guide's links to content
-- pages (the menu and the footer). The site-settings answer carries all of them, so no page makes another call.
ALTER TABLE site_settings ADD COLUMN hours_uz TEXT NOT NULL DEFAULT '';
ALTER TABLE site_settings ADD COLUMN hours_ru TEXT NOT NULL DEFAULT '';
ALTER TABLE site_settings ADD COLUMN hours_en TEXT NOT NULL DEFAULT '';

CREATE TABLE key_figures (
  id INTEGER PRIMARY KEY,
  position INTEGER NOT NULL DEFAULT 0,
  value REAL NOT NULL,
  unit_uz TEXT NOT NULL DEFAULT '', unit_ru TEXT NOT NULL DEFAULT '', unit_en TEXT NOT NULL DEFAULT '',
  label_uz TEXT NOT NULL DEFAULT '', label_ru TEXT NOT NULL DEFAULT '', label_en TEXT NOT NULL DEFAULT '',
  source_uz TEXT NOT NULL DEFAULT '', source_ru TEXT NOT NULL DEFAULT '', source_en TEXT NOT NULL DEFAULT '',
  updated_at TEXT
);

CREATE TABLE guide_links (
  id INTEGER PRIMARY KEY,
  position INTEGER NOT NULL DEFAULT 0,
  page_id INTEGER NOT NULL REFERENCES pages (id),
  label_uz TEXT NOT NULL DEFAULT '', label_ru TEXT NOT NULL DEFAULT '', label_en TEXT NOT NULL DEFAULT '',
  updated_at TEXT
);
CREATE INDEX guide_links_page ON guide_links (page_id);
