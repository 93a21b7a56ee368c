-- Issue 14 §1: password links in a table of their own (hashed, one per user, one hour) and
-- usernames unique case-insensitively after Unicode NFKC normalisation.
CREATE TABLE "password_reset_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Restore tokens used to live in the preference document; they are dropped, not moved (a user
-- asks again): the new table starts empty.
UPDATE "user_preferences" SET "prefs" = "prefs" - '_restoreToken' WHERE "prefs" ? '_restoreToken';--> statement-breakpoint
-- Names that only differ by case or compatibility form: the later account gets "-<id>" appended,
-- so the index can be built (and nobody loses access: the id makes it unique).
UPDATE "users" u SET "username" = u."username" || '-' || u."id"
WHERE EXISTS (
	SELECT 1 FROM "users" o
	WHERE lower(normalize(o."username", NFKC)) = lower(normalize(u."username", NFKC)) AND o."id" < u."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_idx" ON "users" USING btree (lower(normalize("username", NFKC)));
