-- A person sees their sessions and ends them (docs/gateway-contract.md#sessions): each session token remembers the
-- browser and system its sign-in came from (their names only, never the whole User-Agent) and the coarse place the
-- portal's edge saw it from (country code and city, never an address).
ALTER TABLE tokens ADD COLUMN browser TEXT;
ALTER TABLE tokens ADD COLUMN os TEXT;
ALTER TABLE tokens ADD COLUMN country TEXT;
ALTER TABLE tokens ADD COLUMN city TEXT;
