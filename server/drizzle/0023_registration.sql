-- Registration (issue 18 §3, issue 19's account step): accounts their owners create from the
-- sign-in page or the NFC onboarding. One row per such account: it is unverified (cannot sign in
-- with its password) until the link mailed to its address is opened. The link's token is stored
-- as its sha256 only, for 24 hours, and cleared by its one use; a new link replaces it. `redirect`
-- is the path of this site the link leads on to once signed in. Accounts made any other way
-- (seed, invitations, administrators) have no row and are verified.
CREATE TABLE "user_registrations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"token_sent_at" timestamp with time zone,
	"redirect" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_registrations" ADD CONSTRAINT "user_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_registrations_token_hash_idx" ON "user_registrations" USING btree ("token_hash");
