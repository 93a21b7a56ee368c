-- Per unit, what its active alarms make of its status (spec §4): a communication error (type 19),
-- any alarm of a non-negative type, and the distinct active alarm types. Kept by triggers on
-- "alarms" in the writing transaction, whoever the writer is, so the device table follows alarm
-- changes by reading only the units whose state changed (devices/units/table.ts).
--
-- "version": the unit's organisation's fleet_counters.alarms_version when the state last changed.
-- These triggers fire after the fleet_alarms_* ones (triggers of one event fire in name order), which
-- bumped that version and hold its fleet_counters row locked until commit, so within an
-- organisation the versions are stamped in commit order: a reader that saw version v misses no
-- change when it next asks for the rows above v. A unit keeps its row (all false, no types) when
-- its last alarm ends, so that change is read too.
CREATE TABLE "unit_alarm_state" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"problem" boolean NOT NULL,
	"alarm" boolean NOT NULL,
	"types" integer[] NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unit_alarm_state" ADD CONSTRAINT "unit_alarm_state_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_alarm_state_org_version_idx" ON "unit_alarm_state" USING btree ("organization_id","version");--> statement-breakpoint
-- The state of these units as their active alarms are now (only rows that change are written).
CREATE FUNCTION "unit_alarm_state_refresh"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "unit_alarm_state" AS s ("unit_id", "organization_id", "problem", "alarm", "types", "version")
  SELECT u."id", u."organization_id",
    coalesce(bool_or(a."alarm_type" = 19), false),
    coalesce(bool_or(a."alarm_type" >= 0), false),
    coalesce(array_agg(DISTINCT a."alarm_type" ORDER BY a."alarm_type") FILTER (WHERE a."id" IS NOT NULL), '{}'),
    coalesce(max(f."alarms_version"), 0)
  FROM "units" u
  LEFT JOIN "alarms" a ON a."unit_id" = u."id" AND a."active"
  LEFT JOIN "fleet_counters" f ON f."organization_id" = u."organization_id"
  WHERE u."id" = ANY(ids)
  GROUP BY u."id"
  HAVING count(a."id") > 0 OR EXISTS (SELECT 1 FROM "unit_alarm_state" x WHERE x."unit_id" = u."id")
  ORDER BY u."id"
  ON CONFLICT ("unit_id") DO UPDATE SET
    "organization_id" = excluded."organization_id",
    "problem" = excluded."problem",
    "alarm" = excluded."alarm",
    "types" = excluded."types",
    "version" = excluded."version"
  WHERE (s."organization_id", s."problem", s."alarm", s."types")
    IS DISTINCT FROM (excluded."organization_id", excluded."problem", excluded."alarm", excluded."types");
END $$;
--> statement-breakpoint
CREATE FUNCTION "unit_alarm_state_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "unit_alarm_state_refresh"(ARRAY(SELECT DISTINCT r."unit_id" FROM "unit_alarm_state_rows" r));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update matters when it changes whether an alarm is active, its type or its unit (not its text).
CREATE FUNCTION "unit_alarm_state_rows_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "unit_alarm_state_refresh"(ARRAY(
    SELECT n."unit_id" FROM "unit_alarm_state_new" n JOIN "unit_alarm_state_old" o ON o."id" = n."id"
      WHERE (o."active", o."alarm_type", o."unit_id") IS DISTINCT FROM (n."active", n."alarm_type", n."unit_id")
    UNION
    SELECT o."unit_id" FROM "unit_alarm_state_new" n JOIN "unit_alarm_state_old" o ON o."id" = n."id"
      WHERE (o."active", o."alarm_type", o."unit_id") IS DISTINCT FROM (n."active", n."alarm_type", n."unit_id")));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "unit_alarm_state_insert" AFTER INSERT ON "alarms" REFERENCING NEW TABLE AS "unit_alarm_state_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "unit_alarm_state_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "unit_alarm_state_update" AFTER UPDATE ON "alarms" REFERENCING OLD TABLE AS "unit_alarm_state_old" NEW TABLE AS "unit_alarm_state_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "unit_alarm_state_rows_updated"();
--> statement-breakpoint
CREATE TRIGGER "unit_alarm_state_delete" AFTER DELETE ON "alarms" REFERENCING OLD TABLE AS "unit_alarm_state_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "unit_alarm_state_rows_changed"();
--> statement-breakpoint
SELECT "unit_alarm_state_refresh"(ARRAY(SELECT DISTINCT "unit_id" FROM "alarms" WHERE "active"));
