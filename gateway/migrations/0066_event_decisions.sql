-- Staff confirm or decline event applications one by one (docs/gateway-contract.md#operator-applicants); each decision
-- is mailed to the applicant. The inbox filters applications by event.
ALTER TABLE event_applications ADD COLUMN decision TEXT CHECK (decision IN ('confirmed', 'declined'));
ALTER TABLE event_applications ADD COLUMN decision_reason TEXT;
ALTER TABLE event_applications ADD COLUMN decided_at TEXT;
CREATE INDEX event_applications_event ON event_applications (event_id, id);
