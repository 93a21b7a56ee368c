-- Commands sent to units have a life: queued → sent → acknowledged, failed or timedOut. A command
-- carries a detail (the relay position, the firmware version) and the time it was handed to the
-- unit; a relay remembers the command that switches it. Rows of the older statuses move over:
-- 'done' (answered at once) becomes 'acknowledged', sent when it was requested.
ALTER TABLE "unit_actions" ADD COLUMN "detail" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "unit_actions" ADD COLUMN "sent_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "unit_actions" SET "status" = 'acknowledged', "sent_at" = "created_at" WHERE "status" = 'done';
--> statement-breakpoint
UPDATE "unit_actions" SET "sent_at" = "created_at" WHERE "status" = 'failed' AND "sent_at" IS NULL;
--> statement-breakpoint
-- The simulator and the timeout watchdog look only at open commands.
CREATE INDEX "unit_actions_open_idx" ON "unit_actions" ("status", "created_at") WHERE "status" IN ('queued', 'sent');
--> statement-breakpoint
ALTER TABLE "relays" ADD COLUMN "command_id" bigint;
--> statement-breakpoint
ALTER TABLE "relays" ADD CONSTRAINT "relays_command_id_unit_actions_id_fk"
  FOREIGN KEY ("command_id") REFERENCES "unit_actions"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- A unit's alarms over time, for its message log.
CREATE INDEX "alarms_unit_time_idx" ON "alarms" ("unit_id", "event_time");
--> statement-breakpoint
-- Relays left pending or resetting by the older code waited for nothing: no command was ever sent.
-- They end as a failed switch would: error ("Error updating relay"), to be switched again.
UPDATE "relays" SET "state" = 'error', "updated_at" = now() WHERE "state" IN ('pending', 'resetting') AND "command_id" IS NULL;
