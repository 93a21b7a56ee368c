-- The onboarding flow embedded on a partner page (issue 19 §2) signs in with a short-lived token
-- of its own instead of the session cookie, which browsers do not send to another site. It is a
-- session like any other (listed under the user's sessions, ended by revoking it), bound to the
-- partner origin it was issued to; the guard accepts it from that origin, on the onboarding calls only.
ALTER TABLE "sessions" ADD COLUMN "embed_origin" text;
