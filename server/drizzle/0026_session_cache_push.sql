-- Sessions are answered from memory for a few seconds (modules/auth/session-cache.ts). Every
-- replica must hear when a session it may hold changed: its customer selection or expiry, or its
-- user's type. Deleted sessions are already announced (0006). A statement-level trigger per table
-- announces the users concerned, so no writer has to remember it; touching last_seen_at (once a
-- minute per session) announces nothing. (A trigger with transition tables cannot name columns:
-- the functions compare.)
--
-- One sender for both: at most 500 user ids per message keep NOTIFY's payload under its
-- 8,000-byte limit.
CREATE FUNCTION "notify_sessions_changed"(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  msg text;
BEGIN
  FOR msg IN
    SELECT json_build_object('k', 'x', 'u', json_agg(g.id))::text
    FROM (SELECT u.id, (row_number() OVER (ORDER BY u.id) - 1) / 500 AS batch FROM unnest(user_ids) AS u(id)) g
    GROUP BY g.batch
  LOOP
    PERFORM pg_notify('fw_events', msg);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_sessions_changed"(ARRAY(
    SELECT DISTINCT n."user_id" FROM "sessions_after" n JOIN "sessions_before" o ON o."id" = n."id"
    WHERE n."selected_customers" IS DISTINCT FROM o."selected_customers"
      OR n."expires_at" IS DISTINCT FROM o."expires_at"
      OR n."user_id" IS DISTINCT FROM o."user_id"
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed_push" AFTER UPDATE ON "sessions"
  REFERENCING OLD TABLE AS "sessions_before" NEW TABLE AS "sessions_after"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed"();
--> statement-breakpoint
CREATE FUNCTION "users_type_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_sessions_changed"(ARRAY(
    SELECT n."id" FROM "users_after" n JOIN "users_before" o ON o."id" = n."id"
    WHERE n."user_type" IS DISTINCT FROM o."user_type"
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_type_push" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "users_before" NEW TABLE AS "users_after"
  FOR EACH STATEMENT EXECUTE FUNCTION "users_type_changed"();
