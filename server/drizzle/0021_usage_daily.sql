-- Ownership and usage statistics (issue 18 §1). dashboard_shares: a custom dashboard its owner's
-- organisation sees read-only (one organisation per dashboard; the row goes with the dashboard or
-- the organisation). usage_daily: counters per organisation, UTC day and metric (e.g. API calls,
-- per token: token_id null for counts that belong to no token), upserted by the usage module.
CREATE TABLE "dashboard_shares" (
	"dashboard_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"shared_by" integer,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_shares" ADD CONSTRAINT "dashboard_shares_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_shares" ADD CONSTRAINT "dashboard_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_shares" ADD CONSTRAINT "dashboard_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_shares_org_idx" ON "dashboard_shares" USING btree ("organization_id");--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"token_id" integer,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_daily_uidx" ON "usage_daily" USING btree ("organization_id","day","metric",coalesce("token_id", 0));
