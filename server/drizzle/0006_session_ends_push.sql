-- placeholder: filled in by the change that owns this migration
SELECT 1;
