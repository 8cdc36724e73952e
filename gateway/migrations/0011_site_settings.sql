-- The agency's contacts as the portal shows them (footer, contact page): data an operator sets
-- (`PUT /core/operator/site-settings`), not interface text (docs/gateway-contract.md#site-settings). One row; a fresh
-- database has none, and the portal then leaves those parts out.
CREATE TABLE site_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  phone TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  address_uz TEXT NOT NULL DEFAULT '',
  address_ru TEXT NOT NULL DEFAULT '',
  address_en TEXT NOT NULL DEFAULT '',
  map_url TEXT NOT NULL DEFAULT '',
  socials_json TEXT NOT NULL DEFAULT '[]',  -- [{ network, url }]
  updated_at TEXT NOT NULL
);
