-- Reference data is the agency's data, edited in the operator console, and the catalogues that are facts are loaded by
-- the bootstrap (docs/operations.md#reference-catalogues). A place's id is its code: a country's its ISO 3166-1 numeric
-- code (kept in `numeric`), a region's and a district's its SOATO code, so every deployment and the demo seed name a
-- place alike and a code can never be reused for another place. The bootstrap records what it has loaded, so a run
-- adds only what the catalogues gained since and never brings back a place an operator removed.
ALTER TABLE countries ADD COLUMN numeric TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX countries_code ON countries (code);
CREATE UNIQUE INDEX districts_mhobt ON districts (mhobt);

CREATE TABLE reference_loads (
  catalogue TEXT NOT NULL CHECK (catalogue IN ('country', 'region', 'district')),
  code TEXT NOT NULL,
  loaded_at TEXT NOT NULL,
  PRIMARY KEY (catalogue, code)
);

-- Appeal topics and their types keep their order in `position`, as every ordered kind of the console does.
ALTER TABLE appeal_topics RENAME COLUMN sort TO position;
