-- No typed national identifier is an identity (docs/decisions/0049-identity-from-oneid.md). Until now approving a
-- resident's application made an account holding the PINFL (and a business's TIN) the applicant typed, and OneID
-- sign-ins were matched to accounts by PINFL: whoever typed a victim's PINFL owned the victim's OneID sign-in. From now
-- on a PINFL and a TIN are bound to an account only by OneID, at a sign-in. Accounts an approval made for a resident lose
-- the identifiers typed into their application: the person's next OneID sign-in opens an account of their own (a
-- moderator can erase the old one in the console's People section). The typed values stay in the application, an
-- unverified claim that nothing matches.
UPDATE users SET pin = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE pin IS NOT NULL AND id IN (
  SELECT r.user_id FROM registrations r
  JOIN investor_registrations a ON r.kind = 'investor' AND a.id = r.application_id
  WHERE r.state = 'approved' AND r.user_id IS NOT NULL AND a.is_resident = 1
  UNION
  SELECT r.user_id FROM registrations r
  JOIN business_registrations a ON r.kind = 'business' AND a.id = r.application_id
  WHERE r.state = 'approved' AND r.user_id IS NOT NULL AND a.is_resident = 1
);
UPDATE profiles SET pin = '', tin = ''
WHERE (pin <> '' OR tin <> '') AND user_id IN (
  SELECT r.user_id FROM registrations r
  JOIN investor_registrations a ON r.kind = 'investor' AND a.id = r.application_id
  WHERE r.state = 'approved' AND r.user_id IS NOT NULL AND a.is_resident = 1
  UNION
  SELECT r.user_id FROM registrations r
  JOIN business_registrations a ON r.kind = 'business' AND a.id = r.application_id
  WHERE r.state = 'approved' AND r.user_id IS NOT NULL AND a.is_resident = 1
);
