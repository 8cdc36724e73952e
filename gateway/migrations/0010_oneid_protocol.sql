-- The local OneID stand-in speaks OneID's protocol (docs/gateway-contract.md#oneid): a code is issued for the
-- redirect_uri the authorize request named, exchanged once (grant_type=one_authorization_code) for an access token, and
-- the token identifies the person (grant_type=one_access_token_identify). Codes and tokens are stored as SHA-256. The
-- `role` column is no longer read: OneID knows people, not the portal's roles.
ALTER TABLE oneid_codes ADD COLUMN redirect_uri TEXT;
ALTER TABLE oneid_codes ADD COLUMN access_token_hash TEXT;
ALTER TABLE oneid_codes ADD COLUMN access_expires_at TEXT;
CREATE UNIQUE INDEX oneid_codes_access_token ON oneid_codes (access_token_hash) WHERE access_token_hash IS NOT NULL;
