-- Organisation settings (issue 18 §1): main account, contact/billing/company details, defaults for
-- new users, branding (logo, accent colour, account URL) and security (password policy, session
-- lifetime, sign-in methods). organization_slug_redirects: old account URLs, kept 30 days (spec §9).
CREATE TABLE "organization_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"default_timezone" text DEFAULT 'Europe/Stockholm' NOT NULL,
	"logo" text,
	"accent" text,
	"slug" text,
	"password_min_length" integer DEFAULT 6 NOT NULL,
	"password_require_digit" boolean DEFAULT false NOT NULL,
	"password_require_mixed_case" boolean DEFAULT false NOT NULL,
	"password_require_symbol" boolean DEFAULT false NOT NULL,
	"session_lifetime_hours" integer DEFAULT 672 NOT NULL,
	"sign_in_methods" text[] DEFAULT '{password,bankid}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_parent_id_organizations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_settings_slug_idx" ON "organization_settings" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "organization_settings_parent_idx" ON "organization_settings" USING btree ("parent_id");--> statement-breakpoint
CREATE TABLE "organization_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_slug_redirects" ADD CONSTRAINT "organization_slug_redirects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
