-- When a region's figures last changed (docs/gateway-contract.md#content): the open-data download of the region
-- figures states it. Rows written before this column have none (null), and the download then states none.
ALTER TABLE territories ADD COLUMN updated_at TEXT;
