-- The profile's theme (issue 18 §2): dark or bright, chosen in the profile's preferences or the
-- top bar, applied at every sign-in in any browser. Null: never chosen (the browser's own stays).
ALTER TABLE "users" ADD COLUMN "theme" text;
