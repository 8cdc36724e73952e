-- Push (docs/gateway-contract.md#push): the language a device turned push on in, so its pushes read in that language.
ALTER TABLE fcm_tokens ADD COLUMN lang TEXT NOT NULL DEFAULT 'en' CHECK (lang IN ('uz', 'ru', 'en'));
