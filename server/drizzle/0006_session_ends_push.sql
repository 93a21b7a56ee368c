-- A session ends (logout, revocation, password change, a user's removal, clean-up of expired rows):
-- every replica must close that session's open event streams. One trigger covers every statement
-- that deletes sessions, so no caller has to remember to announce it. The payload carries the
-- public ids only (what the session list shows), never the token hash; 100 uuids per message stay
-- well under NOTIFY's 8,000-byte limit.
CREATE FUNCTION "sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  msg text;
BEGIN
  FOR msg IN
    SELECT json_build_object('k', 's', 'ids', json_agg(g."public_id"))::text
    FROM (SELECT o."public_id", (row_number() OVER () - 1) / 100 AS "batch" FROM "sessions_gone" o) g
    GROUP BY g."batch"
  LOOP
    PERFORM pg_notify('fw_events', msg);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_end_push" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "sessions_gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_ended"();
