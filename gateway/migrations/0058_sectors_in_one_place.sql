-- A sector is one record (docs/gateway-contract.md#guide): its slug, its name (`content`), the line its card shows
-- (`tagline`) and its page (`page`, the brief: lead, figures and text), in the order the portal lists them. Until now
-- the page was the content page `sector-{slug}`; such pages move into their sector here, and the portal's list of
-- sectors comes from these rows.
ALTER TABLE sectors ADD COLUMN tagline_uz TEXT NOT NULL DEFAULT '';
ALTER TABLE sectors ADD COLUMN tagline_ru TEXT NOT NULL DEFAULT '';
ALTER TABLE sectors ADD COLUMN tagline_en TEXT NOT NULL DEFAULT '';
ALTER TABLE sectors ADD COLUMN page_uz TEXT NOT NULL DEFAULT '';
ALTER TABLE sectors ADD COLUMN page_ru TEXT NOT NULL DEFAULT '';
ALTER TABLE sectors ADD COLUMN page_en TEXT NOT NULL DEFAULT '';
ALTER TABLE sectors ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
UPDATE sectors SET position = id;

UPDATE sectors SET
  page_uz = coalesce((SELECT p.content_uz FROM pages p WHERE p.slug = 'sector-' || sectors.slug), ''),
  page_ru = coalesce((SELECT p.content_ru FROM pages p WHERE p.slug = 'sector-' || sectors.slug), ''),
  page_en = coalesce((SELECT p.content_en FROM pages p WHERE p.slug = 'sector-' || sectors.slug), '');
DELETE FROM pages WHERE slug LIKE 'sector-%' AND substr(slug, 8) IN (SELECT slug FROM sectors);
