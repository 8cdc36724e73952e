-- Two accounts never share a company's TIN or a person's PINFL (docs/security.md#personal-services): personal
-- services answer from the account's own record, so a second account with another's identifier would read their
-- company's data. Identifiers a later account typed that an earlier one already holds are cleared first (the earlier
-- account keeps its own); approving a registration now refuses a taken identifier with 409 `identifier_taken`.
UPDATE profiles SET tin = '' WHERE tin <> '' AND EXISTS (
  SELECT 1 FROM profiles earlier WHERE earlier.tin = profiles.tin AND earlier.user_id < profiles.user_id
);
UPDATE users SET pin = NULL WHERE pin IS NOT NULL AND pin <> '' AND EXISTS (
  SELECT 1 FROM users earlier WHERE earlier.pin = users.pin AND earlier.id < users.id
);
CREATE UNIQUE INDEX profiles_tin_unique ON profiles (tin) WHERE tin <> '';
CREATE UNIQUE INDEX users_pin_unique ON users (pin) WHERE pin IS NOT NULL AND pin <> '';
