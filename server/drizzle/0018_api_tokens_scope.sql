-- API tokens (issue 18): a scope (ingest, read — one or both) and an optional expiry. Tokens made
-- before this migration were ingestion tokens, so they keep exactly that scope and no expiry.
ALTER TABLE "api_tokens" ADD COLUMN "scopes" text[] DEFAULT '{ingest}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone;
