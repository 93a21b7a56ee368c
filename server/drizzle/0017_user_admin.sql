-- User management (issue 18 §1): what the admin area knows about an account beyond the account
-- itself — when he was invited (or added) and by whom, and whether he is deactivated (a
-- deactivated user cannot sign in). One row per user that was ever invited or deactivated.
CREATE TABLE "user_admin_state" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"invited_at" timestamp with time zone,
	"invited_by" integer,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_admin_state" ADD CONSTRAINT "user_admin_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_admin_state" ADD CONSTRAINT "user_admin_state_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
