-- An account may be blocked by staff (every session ends, no sign-in until unblocked) or deleted by its owner
-- (disabled at once, erased by the retention cron after `erase_after`): docs/gateway-contract.md#account and
-- docs/decisions/0029-data-residency.md#erasing-an-account.
ALTER TABLE users ADD COLUMN blocked_at TEXT;
ALTER TABLE users ADD COLUMN deleted_at TEXT;
ALTER TABLE users ADD COLUMN erase_after TEXT;
CREATE INDEX users_erase_after ON users (erase_after) WHERE erase_after IS NOT NULL;
