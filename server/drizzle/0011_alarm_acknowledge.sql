-- Alarms get the state model of ISA-18.2 (shared domain/alarm-state.ts): active/cleared ×
-- unacknowledged/acknowledged. Acknowledging records who and when and no longer ends the alarm;
-- an alarm clears when its condition ends, or by hand (reset, who: cleared_by). notified_at and
-- repeats drive the unit's alarm repeat interval; event_id and task_id link an alarm to what the
-- pipeline made of it. alarm_history holds each change after the raise.
ALTER TABLE "alarms" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "acknowledged_by" text;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "cleared_by" text;--> statement-breakpoint
-- Rows from before: notified when this migration ran, so nothing is repeated at once.
ALTER TABLE "alarms" ADD COLUMN "notified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "repeats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "task_id" text;--> statement-breakpoint
-- Before this migration acknowledging an alarm ended it: alarms that ended then are closed (by
-- "system", at their raise time: who and when are not known), not left waiting for an acknowledgement.
UPDATE "alarms" SET "acknowledged_at" = "event_time", "acknowledged_by" = 'system' WHERE NOT "active";--> statement-breakpoint
CREATE INDEX "alarms_new_notified_idx" ON "alarms" USING btree ("notified_at") WHERE "alarms"."active" and "alarms"."acknowledged_at" is null;--> statement-breakpoint
CREATE TABLE "alarm_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"by" text NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_history" ADD CONSTRAINT "alarm_history_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_history_alarm_idx" ON "alarm_history" USING btree ("alarm_id","at");
