-- Push (docs/gateway-contract.md#push): the language a device turned push on in, so its pushes read in that language,
-- and the session that registered it, so a device stops getting the user's pushes once that session signs out.
ALTER TABLE fcm_tokens ADD COLUMN lang TEXT NOT NULL DEFAULT 'en' CHECK (lang IN ('uz', 'ru', 'en'));
ALTER TABLE fcm_tokens ADD COLUMN session_id INTEGER REFERENCES tokens (id) ON DELETE CASCADE;
