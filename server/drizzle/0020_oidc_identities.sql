-- Sign-in (issue 18 §3). BankID through OpenID Connect: the identities that name a user (his
-- personal identity number, or the provider's subject once he signed in), and the sign-ins on their
-- way through the provider (state, nonce and PKCE verifier, kept here for ten minutes at most and
-- used once). And the organisations a user of several last chose to work in, restored when he
-- signs in again.
CREATE TABLE "user_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_kind_value_idx" ON "user_identities" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "oidc_logins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect" text NOT NULL,
	"remember" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_org_choice" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organization_ids" integer[] NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_org_choice" ADD CONSTRAINT "user_org_choice_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
