-- The audit log's target is a record's integer id (docs/security.md#operator-surface): an operator's change is written
-- in one batch with its row, and a file is audited under the record it belongs to (an application, a project), its
-- text id among the values. The type is now enforced, so a text id can never land in the column by affinity.
CREATE TABLE audit_log_new (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators (id),
  action TEXT NOT NULL,
  target_kind TEXT NOT NULL,
  target_id INTEGER NOT NULL CHECK (typeof(target_id) = 'integer'),
  before TEXT,
  after TEXT
);
INSERT INTO audit_log_new (id, at, operator_id, action, target_kind, target_id, before, after)
  SELECT id, at, operator_id, action, target_kind, target_id, before, after FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_new RENAME TO audit_log;
CREATE INDEX audit_log_operator ON audit_log (operator_id, id);
CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id, id);
