-- Failed mail is seen and sent again from the operator console (docs/operations.md#mail): each outbox row says what
-- kind of mail it is and its language, and a mail carrying a set-password or reset link names that link (`link_uuid`,
-- the reset_links row), so a resend can issue a fresh link instead of mailing a dead or redacted one. Rows from before
-- have no kind.
ALTER TABLE outbox ADD COLUMN kind TEXT;
ALTER TABLE outbox ADD COLUMN lang TEXT;
ALTER TABLE outbox ADD COLUMN link_uuid TEXT;
