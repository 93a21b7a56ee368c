-- The platform contract each release needs (issue 21 §3): /remotes.json gives a page the newest
-- deployed version whose range the page's platform contract meets.
ALTER TABLE "remote_releases" ADD COLUMN "contract" text;
