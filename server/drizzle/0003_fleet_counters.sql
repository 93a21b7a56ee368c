CREATE TABLE "fleet_counters" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"units_version" bigint DEFAULT 0 NOT NULL,
	"alarms_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fleet_counters" ADD CONSTRAINT "fleet_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Units added: count them and bump their organisations' units version (one upsert per statement).
CREATE FUNCTION "fleet_units_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "fleet_counters" AS f ("organization_id", "units", "units_version")
  SELECT n."organization_id", count(*), 1 FROM "fleet_new_units" n GROUP BY n."organization_id" ORDER BY n."organization_id"
  ON CONFLICT ("organization_id") DO UPDATE SET "units" = f."units" + excluded."units", "units_version" = f."units_version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fleet_units_insert" AFTER INSERT ON "units" REFERENCING NEW TABLE AS "fleet_new_units"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_units_inserted"();
--> statement-breakpoint
-- Units removed (also by an organisation's cascade, when its counters row may be gone already).
CREATE FUNCTION "fleet_units_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "fleet_counters" f SET "units" = f."units" - d."n", "units_version" = f."units_version" + 1
  FROM (SELECT o."organization_id", count(*) AS "n" FROM "fleet_old_units" o GROUP BY o."organization_id") d
  WHERE f."organization_id" = d."organization_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fleet_units_delete" AFTER DELETE ON "units" REFERENCING OLD TABLE AS "fleet_old_units"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_units_deleted"();
--> statement-breakpoint
-- A unit moved to another organisation, or changed what lists and the map show. Not fired by the
-- columns ingestion writes (last_contact_at).
CREATE FUNCTION "fleet_unit_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."organization_id" <> OLD."organization_id" THEN
    UPDATE "fleet_counters" SET "units" = "units" - 1, "units_version" = "units_version" + 1
    WHERE "organization_id" = OLD."organization_id";
    INSERT INTO "fleet_counters" AS f ("organization_id", "units", "units_version") VALUES (NEW."organization_id", 1, 1)
    ON CONFLICT ("organization_id") DO UPDATE SET "units" = f."units" + 1, "units_version" = f."units_version" + 1;
  ELSE
    UPDATE "fleet_counters" SET "units_version" = "units_version" + 1 WHERE "organization_id" = NEW."organization_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fleet_unit_update" AFTER UPDATE OF "organization_id", "name", "location", "type", "lat", "lon" ON "units"
  FOR EACH ROW WHEN ((OLD."organization_id", OLD."name", OLD."location", OLD."type", OLD."lat", OLD."lon")
    IS DISTINCT FROM (NEW."organization_id", NEW."name", NEW."location", NEW."type", NEW."lat", NEW."lon"))
  EXECUTE FUNCTION "fleet_unit_updated"();
--> statement-breakpoint
-- Alarms raised, changed or removed: bump the alarms version of their units' organisations.
CREATE FUNCTION "fleet_alarms_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "fleet_counters" f SET "alarms_version" = f."alarms_version" + 1
  WHERE f."organization_id" IN (SELECT u."organization_id" FROM "fleet_changed_alarms" c JOIN "units" u ON u."id" = c."unit_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fleet_alarms_insert" AFTER INSERT ON "alarms" REFERENCING NEW TABLE AS "fleet_changed_alarms"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_alarms_changed"();
--> statement-breakpoint
CREATE TRIGGER "fleet_alarms_update" AFTER UPDATE ON "alarms" REFERENCING NEW TABLE AS "fleet_changed_alarms"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_alarms_changed"();
--> statement-breakpoint
CREATE TRIGGER "fleet_alarms_delete" AFTER DELETE ON "alarms" REFERENCING OLD TABLE AS "fleet_changed_alarms"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_alarms_changed"();
--> statement-breakpoint
INSERT INTO "fleet_counters" ("organization_id", "units", "units_version", "alarms_version")
SELECT "organization_id", count(*), 1, 1 FROM "units" GROUP BY "organization_id";
