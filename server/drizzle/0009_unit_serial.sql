-- A unit's serial number (the device table's "add new device"): optional, unique across all
-- organisations when given (one physical device is one unit), compared case-insensitively.
ALTER TABLE "units" ADD COLUMN IF NOT EXISTS "serial_number" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "units_serial_number_uidx" ON "units" (lower("serial_number")) WHERE "serial_number" IS NOT NULL;
