-- Remote releases (issue 21 §2): each remote's builds as immutable versions, and the remote map
-- (/remotes.json) as data the release command and the platform API change without a restart.
CREATE TABLE "remote_releases" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"entry" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_releases_remote_version_pk" PRIMARY KEY("remote","version")
);
--> statement-breakpoint
CREATE TABLE "remote_deployments" (
	"remote" text PRIMARY KEY NOT NULL,
	"version" text,
	"previous_version" text,
	"canary_version" text,
	"canary_percent" integer DEFAULT 0 NOT NULL,
	"canary_organizations" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
