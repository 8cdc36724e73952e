-- Mail leaves through Cloudflare Email Service by way of a queue (docs/decisions/0027-mail-delivery.md). The outbox row
-- is the mail: the queue message names its id, and its status says how far it got, so a redelivered message whose mail
-- is already sent is acknowledged without sending again (Queues deliver at least once; the binding takes no
-- idempotency key). Rows from before were written to the outbox only: they count as sent.
ALTER TABLE outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('queued', 'sent', 'failed'));
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;  -- sends tried
ALTER TABLE outbox ADD COLUMN last_error TEXT;                      -- why the latest try failed
ALTER TABLE outbox ADD COLUMN provider_id TEXT;                     -- Email Service's message id, once sent
ALTER TABLE outbox ADD COLUMN sent_at TEXT;
ALTER TABLE outbox ADD COLUMN updated_at TEXT;
CREATE INDEX outbox_status ON outbox (status, created_at);

-- The language an anonymous appeal was written in: the moderator's reply is mailed in it.
ALTER TABLE appeals ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
