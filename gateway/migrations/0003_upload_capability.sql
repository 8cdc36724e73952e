-- Event-application documents are uploaded with a capability handed out when the application is created: a 128-bit
-- random secret, kept only as its SHA-256 (docs/security.md#upload-capability). Applications from before have none
-- and can no longer take documents.
ALTER TABLE event_applications ADD COLUMN upload_token_hash TEXT;
