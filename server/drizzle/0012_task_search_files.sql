-- Tasks get what the task screens (issue 17 §2) search, filter and sort on at 10,000 tasks of an
-- organisation: columns GENERATED from the stored document, so every write — the typed task
-- endpoints, the alarm pipeline's inserts and updates, the older API's storeTask — keeps them in
-- step without knowing of them, and adding them computes them for the rows already there.
-- priority_rank: the task's own priority, else its category's (shared taskPriority): critical 4,
-- alert 3, warning 2, notice 1. updated: the date of the last activity (ISO text sorts as time).
-- search: the title and the notes, lower case (q matches every word in it).
ALTER TABLE "tasks" ADD COLUMN "status" text GENERATED ALWAYS AS ("doc"->>'status') STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "priority_rank" smallint GENERATED ALWAYS AS (CASE "doc"->>'priority' WHEN 'critical' THEN 4 WHEN 'alert' THEN 3 WHEN 'warning' THEN 2 WHEN 'notice' THEN 1 ELSE CASE "doc"->>'category' WHEN 'critical' THEN 4 WHEN 'alert' THEN 3 WHEN 'warning' THEN 2 WHEN 'pre-alert' THEN 2 ELSE 1 END END) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "due" text GENERATED ALWAYS AS ("doc"->>'due') STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "updated" text GENERATED ALWAYS AS (coalesce("doc"->'activities'->-1->>'date', "doc"->>'created')) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "title_key" text GENERATED ALWAYS AS (lower(coalesce("doc"->>'title', ''))) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("doc"->>'title', '') || ' ' || coalesce(jsonb_path_query_array("doc", '$.activities[*] ? (@.type == "note").note')::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "unit_ids" jsonb GENERATED ALWAYS AS ((CASE WHEN jsonb_typeof("doc"->'unitIds') = 'array' THEN "doc"->'unitIds' ELSE '[]'::jsonb END) || (CASE WHEN jsonb_typeof("doc"->'unitId') = 'number' THEN '[]'::jsonb || ("doc"->'unitId') ELSE '[]'::jsonb END)) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "location_id" text GENERATED ALWAYS AS ("doc"->>'locationId') STORED;--> statement-breakpoint
CREATE INDEX "tasks_org_status_created_idx" ON "tasks" USING btree ("organization_id","status","created");--> statement-breakpoint
CREATE INDEX "tasks_org_updated_idx" ON "tasks" USING btree ("organization_id","updated");--> statement-breakpoint
CREATE INDEX "tasks_org_priority_idx" ON "tasks" USING btree ("organization_id","priority_rank","created");--> statement-breakpoint
CREATE INDEX "tasks_org_due_idx" ON "tasks" USING btree ("organization_id","due");--> statement-breakpoint
CREATE INDEX "tasks_assignees_idx" ON "tasks" USING gin (("doc"->'assignees'));--> statement-breakpoint
CREATE INDEX "tasks_unit_ids_idx" ON "tasks" USING gin ("unit_ids");--> statement-breakpoint
-- Files of tasks: the bytes in "data", or (TASK_FILES_DIR set) in a file of that folder named by "path".
CREATE TABLE "task_files" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"data" bytea,
	"path" text
);
--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_files_task_idx" ON "task_files" USING btree ("task_id","created");
