-- Each person chooses how they are told (docs/product.md#notification-choices). An account's choice per topic
-- (appeals, projects, events) and channel (mail, push); no row means yes. An address without an account's choice is a
-- refusal: someone who used a mail's unsubscribe link for a topic gets no more optional mail of it at that address.
CREATE TABLE notification_choices (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  topic TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('mail', 'push')),
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, topic, channel)
);

CREATE TABLE mail_refusals (
  email TEXT NOT NULL COLLATE NOCASE,
  topic TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (email, topic)
);

-- The language a person last signed in with (or chose their notifications in): mail about what others decided, such
-- as a project's moderation, is written in it. Empty until then; such mail is then in English.
ALTER TABLE users ADD COLUMN lang TEXT CHECK (lang IN ('uz', 'ru', 'en'));
