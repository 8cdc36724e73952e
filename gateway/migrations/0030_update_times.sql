-- Every public item a site map lists carries its update time (docs/gateway-contract.md#content): posts, galleries,
-- events, stories, pages and projects had one; services, their categories, sectors, project categories and e-auction
-- lots get one here. The seeder writes it; the lot seam (`POST /dev/lot`) moves a lot's.
ALTER TABLE services ADD COLUMN updated_at TEXT;
ALTER TABLE service_categories ADD COLUMN updated_at TEXT;
ALTER TABLE sectors ADD COLUMN updated_at TEXT;
ALTER TABLE project_categories ADD COLUMN updated_at TEXT;
ALTER TABLE eauction_lots ADD COLUMN updated_at TEXT;
