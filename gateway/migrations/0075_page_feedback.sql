-- Answers to "Was this page useful?" (docs/gateway-contract.md#page-feedback): the page (its path below the language
-- prefix), the language, yes or no, and an optional comment. Nothing about who answered is kept: no account, no
-- address, no browser.
CREATE TABLE page_feedback (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  lang TEXT NOT NULL,
  useful INTEGER NOT NULL CHECK (useful IN (0, 1)),
  comment TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX page_feedback_by_time ON page_feedback (created_at);
CREATE INDEX page_feedback_by_path ON page_feedback (path, created_at);
