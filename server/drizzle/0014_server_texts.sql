-- Text the server wrote before it stored translation keys (shared domain/local-text.ts) gets its
-- key and parameters, so old events, notifications and alarm tasks read in each user's language
-- too. Only what the server itself wrote: alarm texts of its own forms (limit crossings, the
-- communication watchdog), event titles "<alarm type>: <unit>", notification messages "<alarm
-- type> <alarm text>" (reminders around them), and alarm task titles nobody renamed.
UPDATE "events" SET "doc" = jsonb_set("doc", '{alarm,textLocal}', jsonb_build_object(
    'key', CASE WHEN x.m[2] = 'above high' THEN 'serverText.alarmText.aboveHigh' ELSE 'serverText.alarmText.belowLow' END,
    'params', jsonb_build_object('value', x.m[1], 'limit', x.m[3], 'level', x.m[4]::int)))
FROM (
  SELECT "id", regexp_match("doc"->'alarm'->>'text', '^Value (.+) (above high|below low) limit (.+) \(level (\d+)\)$') AS m
  FROM "events" WHERE jsonb_typeof("doc"->'alarm') = 'object' AND NOT ("doc"->'alarm' ? 'textLocal')
) x
WHERE x."id" = "events"."id" AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "events" SET "doc" = jsonb_set("doc", '{alarm,textLocal}', jsonb_build_object(
    'key', 'serverText.alarmText.noContactSince',
    'params', jsonb_build_object('time', x.m[1])))
FROM (
  SELECT "id", regexp_match("doc"->'alarm'->>'text', '^No contact since (.+) UTC$') AS m
  FROM "events" WHERE jsonb_typeof("doc"->'alarm') = 'object' AND NOT ("doc"->'alarm' ? 'textLocal')
) x
WHERE x."id" = "events"."id" AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "events" SET "doc" = jsonb_set("doc", '{titleText}', jsonb_build_object(
    'key', 'serverText.alarmEventTitle',
    'params', jsonb_build_object('alarmType', "doc"->'alarm'->'type', 'unit', "doc"->>'unitName')))
WHERE "doc"->>'type' = 'alarm'
  AND jsonb_typeof("doc"->'alarm'->'type') = 'number'
  AND jsonb_typeof("doc"->'unitName') = 'string'
  AND NOT ("doc" ? 'titleText');--> statement-breakpoint
UPDATE "notifications" n SET "doc" = jsonb_set(n."doc", '{messageText}',
  CASE WHEN n."doc" ? 'repeat' THEN jsonb_build_object(
      'key', 'serverText.reminder',
      'params', jsonb_build_object('repeat', n."doc"->'repeat', 'message', x.message))
    ELSE x.message END)
FROM (
  SELECT "id", CASE WHEN btrim(coalesce("doc"->'alarm'->>'text', '')) = '' THEN jsonb_build_object(
        'key', 'serverText.alarmMessageTypeOnly',
        'params', jsonb_build_object('alarmType', "doc"->'alarm'->'type'))
      ELSE jsonb_build_object(
        'key', 'serverText.alarmMessage',
        'params', jsonb_build_object('alarmType', "doc"->'alarm'->'type',
          'text', coalesce("doc"->'alarm'->'textLocal', to_jsonb(btrim("doc"->'alarm'->>'text')))))
    END AS message
  FROM "events" WHERE jsonb_typeof("doc"->'alarm'->'type') = 'number'
) x
WHERE x."id" = n."doc"->>'eventId'
  AND n."doc"->>'type' = 'alarm'
  AND NOT (n."doc" ? 'messageText');--> statement-breakpoint
-- A task keeps a title a person gave it: only alarm tasks still titled as their first event.
UPDATE "tasks" t SET "doc" = jsonb_set(t."doc", '{titleText}', e."doc"->'titleText')
FROM "events" e
WHERE e."id" = t."doc"->'eventIds'->>0
  AND e."organization_id" = t."organization_id"
  AND t."doc"->>'type' = 'alarm'
  AND NOT (t."doc" ? 'titleText')
  AND e."doc" ? 'titleText'
  AND t."doc"->>'title' = e."doc"->>'title'
  AND NOT jsonb_path_exists(t."doc", '$.activities[*] ? (@.type == "title")');
