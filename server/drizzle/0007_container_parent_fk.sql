-- A group's parent is another row of the same table: a foreign key keeps it so whoever deletes
-- the parent (ON DELETE SET NULL: its subgroups become roots, as the containers service does).
-- Rows written before the key may point at deleted groups, and groups may still list deleted
-- locations; both are cleaned up first, each cleaned row moving on one revision.
UPDATE "containers" c SET "parent_id" = NULL, "revision" = c."revision" + 1, "updated_at" = now()
  WHERE c."parent_id" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "containers" p WHERE p."id" = c."parent_id");
--> statement-breakpoint
UPDATE "containers" g SET
    "content" = COALESCE((
      SELECT jsonb_agg(r.value ORDER BY r.ordinality)
      FROM jsonb_array_elements(g."content") WITH ORDINALITY r
      WHERE coalesce(r.value->>'target', '') = ''
        OR EXISTS (SELECT 1 FROM "containers" l WHERE l."id" = r.value->>'target' AND l."kind" = 'location')
    ), '[]'::jsonb),
    "revision" = g."revision" + 1,
    "updated_at" = now()
  WHERE g."kind" = 'group' AND jsonb_typeof(g."content") = 'array'
    AND EXISTS (
      SELECT 1 FROM jsonb_array_elements(g."content") r
      WHERE coalesce(r->>'target', '') <> ''
        AND NOT EXISTS (SELECT 1 FROM "containers" l WHERE l."id" = r->>'target' AND l."kind" = 'location')
    );
--> statement-breakpoint
-- Checked at commit: one SetUserData call may store a subgroup before its parent group.
ALTER TABLE "containers" ADD CONSTRAINT "containers_parent_id_containers_id_fk"
  FOREIGN KEY ("parent_id") REFERENCES "containers"("id") ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
CREATE INDEX "containers_parent_idx" ON "containers" ("parent_id");
