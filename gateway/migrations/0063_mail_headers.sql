-- A mail is more than from/to/subject/text/html (docs/decisions/0046-mail-templates.md): optional mail carries the
-- RFC 8058 one-click unsubscribe headers, and an event application's receipt carries its calendar file. The outbox row
-- keeps both, so the queue's consumer and a resend send the mail whole. JSON: an object of header names to values, and
-- a list of { filename, type, content (base64) }.
ALTER TABLE outbox ADD COLUMN headers_json TEXT;
ALTER TABLE outbox ADD COLUMN attachments_json TEXT;
