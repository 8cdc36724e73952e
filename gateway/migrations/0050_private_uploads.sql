-- Uploads public only once they may be (docs/security.md#uploads): a user's project files are served to anyone only
-- while their project is approved (the route checks that), and an editor's upload only once an item that names it is
-- saved. Files uploaded before this stop being public by their flag; their approved projects keep showing them.
UPDATE files SET is_public = 0 WHERE r2_key LIKE 'projects/%';
