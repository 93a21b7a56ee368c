-- Two-factor authentication with TOTP (issue 18, Security). user_totp: a user's authenticator
-- secret (base32), in force from enabled_at (null: set up, not yet confirmed with a code), and the
-- last 30-second step a code was accepted for (a code is never accepted twice).
-- user_recovery_codes: his one-time recovery codes, stored as sha256 (random, high-entropy), used_at
-- once used. two_factor_logins: sign-ins whose password was right and whose code is still to come
-- (the ticket's sha256; its cookie holds it), five minutes at most, ended after five wrong codes.
-- organization_settings.require_two_factor_super_users: the organisation requires it of SuperUsers.
CREATE TABLE "user_totp" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "user_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_recovery_codes" ADD CONSTRAINT "user_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_recovery_codes_user_hash_idx" ON "user_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE TABLE "two_factor_logins" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"remember" boolean DEFAULT true NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_factor_logins" ADD CONSTRAINT "two_factor_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_factor_logins_user_idx" ON "two_factor_logins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_logins_expires_idx" ON "two_factor_logins" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "require_two_factor_super_users" boolean DEFAULT false NOT NULL;
