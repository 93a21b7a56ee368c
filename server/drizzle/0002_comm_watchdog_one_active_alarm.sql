ALTER TABLE "units" ADD COLUMN "last_contact_at" timestamp with time zone;--> statement-breakpoint
-- Databases from before this migration may hold the same active alarm twice: keep the oldest.
UPDATE "alarms" a SET "active" = false WHERE a."active" AND EXISTS (SELECT 1 FROM "alarms" b WHERE b."active" AND b."unit_id" = a."unit_id" AND b."channel_id" = a."channel_id" AND b."alarm_type" = a."alarm_type" AND b."id" < a."id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_one_active_idx" ON "alarms" USING btree ("unit_id","channel_id","alarm_type") WHERE "alarms"."active";