-- Onboarding from an NFC tag (issue 19 §1, steps 3–6). A signed-in user's way through one tag's
-- onboarding (the organisation chosen or a new one's details, the placement; once activated, the
-- unit), so each step survives a reload and nothing is created before the activation. The trial an
-- activation starts (4 weeks; warned 7 days before its end, then ended unless converted), and the
-- acceptances of the general terms (version, time, user, organisation, unit, language).
CREATE TABLE "onboardings" (
	"user_id" integer NOT NULL,
	"tag_uuid" text NOT NULL,
	"organization_id" integer,
	"new_organization" jsonb,
	"placement" jsonb,
	"unit_id" integer,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboardings_user_id_tag_uuid_pk" PRIMARY KEY("user_id","tag_uuid")
);
--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_tag_uuid_nfc_tags_tag_uuid_fk" FOREIGN KEY ("tag_uuid") REFERENCES "public"."nfc_tags"("tag_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboardings_tag_idx" ON "onboardings" USING btree ("tag_uuid");--> statement-breakpoint
CREATE TABLE "unit_trials" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"activated_by" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"warned_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"converted_by" integer,
	"link_origin" text
);
--> statement-breakpoint
ALTER TABLE "unit_trials" ADD CONSTRAINT "unit_trials_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_trials" ADD CONSTRAINT "unit_trials_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_trials" ADD CONSTRAINT "unit_trials_converted_by_users_id_fk" FOREIGN KEY ("converted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_trials_status_ends_idx" ON "unit_trials" USING btree ("status","ends_at");--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"organization_id" integer NOT NULL,
	"unit_id" integer,
	"language" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terms_acceptances_org_idx" ON "terms_acceptances" USING btree ("organization_id");
