-- Staff answer a contact request from the console (docs/gateway-contract.md#operator-replies): each reply is mailed to
-- the sender and kept here, in the request's thread, with the operator who wrote it and the mail that carried it.
CREATE TABLE contact_replies (
  id INTEGER PRIMARY KEY,
  contact_id INTEGER NOT NULL REFERENCES contact_requests (id) ON DELETE CASCADE,
  operator_id INTEGER NOT NULL REFERENCES operators (id),
  message TEXT NOT NULL,
  outbox_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX contact_replies_contact ON contact_replies (contact_id, id);
