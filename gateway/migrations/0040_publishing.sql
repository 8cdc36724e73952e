-- Publishing from the operator console (docs/gateway-contract.md#operator-content): every kind of content the portal
-- shows on its own is a draft, scheduled (`publish_at`, published by the cron trigger) or published; the public calls
-- answer published items only. What the seeder and earlier migrations wrote stays published.
ALTER TABLE posts ADD COLUMN publication TEXT NOT NULL DEFAULT 'published' CHECK (publication IN ('draft', 'scheduled', 'published'));
ALTER TABLE posts ADD COLUMN publish_at TEXT;
ALTER TABLE events ADD COLUMN publication TEXT NOT NULL DEFAULT 'published' CHECK (publication IN ('draft', 'scheduled', 'published'));
ALTER TABLE events ADD COLUMN publish_at TEXT;
ALTER TABLE stories ADD COLUMN publication TEXT NOT NULL DEFAULT 'published' CHECK (publication IN ('draft', 'scheduled', 'published'));
ALTER TABLE stories ADD COLUMN publish_at TEXT;
ALTER TABLE galleries ADD COLUMN publication TEXT NOT NULL DEFAULT 'published' CHECK (publication IN ('draft', 'scheduled', 'published'));
ALTER TABLE galleries ADD COLUMN publish_at TEXT;
ALTER TABLE leaders ADD COLUMN publication TEXT NOT NULL DEFAULT 'published' CHECK (publication IN ('draft', 'scheduled', 'published'));
ALTER TABLE leaders ADD COLUMN publish_at TEXT;
ALTER TABLE leaders ADD COLUMN updated_at TEXT;
ALTER TABLE reviews ADD COLUMN publication TEXT NOT NULL DEFAULT 'published' CHECK (publication IN ('draft', 'scheduled', 'published'));
ALTER TABLE reviews ADD COLUMN publish_at TEXT;
ALTER TABLE reviews ADD COLUMN updated_at TEXT;
ALTER TABLE pages ADD COLUMN publication TEXT NOT NULL DEFAULT 'published' CHECK (publication IN ('draft', 'scheduled', 'published'));
ALTER TABLE pages ADD COLUMN publish_at TEXT;
ALTER TABLE projects ADD COLUMN publication TEXT NOT NULL DEFAULT 'published' CHECK (publication IN ('draft', 'scheduled', 'published'));
ALTER TABLE projects ADD COLUMN publish_at TEXT;
ALTER TABLE services ADD COLUMN publication TEXT NOT NULL DEFAULT 'published' CHECK (publication IN ('draft', 'scheduled', 'published'));
ALTER TABLE services ADD COLUMN publish_at TEXT;
ALTER TABLE sectors ADD COLUMN publication TEXT NOT NULL DEFAULT 'published' CHECK (publication IN ('draft', 'scheduled', 'published'));
ALTER TABLE sectors ADD COLUMN publish_at TEXT;

-- The cron trigger looks for what is due.
CREATE INDEX posts_scheduled ON posts (publish_at) WHERE publication = 'scheduled';
CREATE INDEX events_scheduled ON events (publish_at) WHERE publication = 'scheduled';
CREATE INDEX stories_scheduled ON stories (publish_at) WHERE publication = 'scheduled';
CREATE INDEX galleries_scheduled ON galleries (publish_at) WHERE publication = 'scheduled';
CREATE INDEX leaders_scheduled ON leaders (publish_at) WHERE publication = 'scheduled';
CREATE INDEX reviews_scheduled ON reviews (publish_at) WHERE publication = 'scheduled';
CREATE INDEX pages_scheduled ON pages (publish_at) WHERE publication = 'scheduled';
CREATE INDEX projects_scheduled ON projects (publish_at) WHERE publication = 'scheduled';
CREATE INDEX services_scheduled ON services (publish_at) WHERE publication = 'scheduled';
CREATE INDEX sectors_scheduled ON sectors (publish_at) WHERE publication = 'scheduled';

-- The content version (docs/decisions/0031-publishing.md#content-version): a number that changes whenever something readers see
-- changes (a publish, an unpublish, an edit of what is published), told to the portal, whose payload cache keys carry
-- it. It only grows: a change sets it to max(version + 1, the time in ms), so a wiped database never reuses one.
CREATE TABLE content_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
