-- E-mail notifications (issue 17 §3). notify_mail_settings: a user's finer choices beside the
-- users.notify_email switch (priorities, alarm types, the digest interval) and when his last
-- digest went out. notify_mail_pending: the notifications still to be mailed — filled by a trigger
-- on every insert into notifications for users who have e-mail notifications on and an address,
-- so no writer of notifications has to remember it and nothing written while the server was down
-- is lost. The digest job claims a user's rows (claimed_at), mails them, then deletes them; a claim
-- older than a few minutes (the server stopped mid-send) is taken again. notify_mail_secret: the
-- key that signs unsubscribe links, made by the server on first use and shared by its replicas.
CREATE TABLE "notify_mail_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"priorities" jsonb DEFAULT '["low","normal","high","critical"]'::jsonb NOT NULL,
	"alarm_types" jsonb,
	"interval_min" integer DEFAULT 15 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"link_origin" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notify_mail_settings" ADD CONSTRAINT "notify_mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "notify_mail_pending" (
	"notification_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notify_mail_pending" ADD CONSTRAINT "notify_mail_pending_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_mail_pending" ADD CONSTRAINT "notify_mail_pending_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notify_mail_pending_user_idx" ON "notify_mail_pending" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "notify_mail_secret" (
	"id" smallint PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "notify_mail_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notify_mail_pending" ("notification_id", "user_id")
  SELECT n."id", n."user_id" FROM "notifications_new" n
  JOIN "users" u ON u."id" = n."user_id"
  WHERE u."notify_email" AND u."email" <> ''
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_mail_enqueue" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS "notifications_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_mail_enqueue"();
