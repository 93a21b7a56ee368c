/**
 * The one database schema, for PGlite and PostgreSQL alike. Migrations in server/drizzle/ are
 * generated from this file with `pnpm --filter @fieldwatch/server db:generate`.
 *
 * Conventions: timestamps are timestamptz; id lists are integer arrays (PGlite is PostgreSQL, so
 * arrays behave identically on both drivers); documents whose shape is owned by
 * @fieldwatch/shared (events, notifications, tasks, dashboard content) are jsonb.
 */
import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_LANGUAGE,
  DEFAULT_NOTIFICATION_PREFS,
  DEFAULT_TIME_FORMAT,
  DEFAULT_TIMEZONE,
  USER_TYPES,
  VERSIONS,
  type DashboardContent,
  type DashboardKind,
  type FwEvent,
  type FwNotification,
  type FwTask,
} from '@fieldwatch/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Widget numbers of the customer's rights (RIGHTS: 1 GIS, 2 AWG, 3 Parking). */
  rights: integer('rights')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  createdAt: createdAt(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  /** argon2id PHC string. */
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull().default(''),
  title: text('title').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  location: text('location').notNull().default(''),
  /** USER_TYPES: 0 SuperUser, 1 User, 2 Reader. */
  userType: smallint('user_type').notNull().default(USER_TYPES.User),
  language: text('language').notNull().default(DEFAULT_LANGUAGE),
  timeFormat: text('time_format').notNull().default(DEFAULT_TIME_FORMAT),
  timezone: text('timezone').notNull().default(DEFAULT_TIMEZONE),
  dateFormat: text('date_format').notNull().default(DEFAULT_DATE_FORMAT),
  /** THEMES; null: never chosen (the browser's own choice stays). */
  theme: text('theme'),
  notifyEmail: boolean('notify_email').notNull().default(DEFAULT_NOTIFICATION_PREFS.email),
  notifyDesktop: boolean('notify_desktop').notNull().default(DEFAULT_NOTIFICATION_PREFS.desktop),
  /** Data URL of the avatar image, or null. */
  avatar: text('avatar'),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  // Unique case-insensitively after NFKC: the key of usernameKey() in @fieldwatch/shared.
  uniqueIndex('users_username_key_idx').on(sql`lower(normalize(${t.username}, NFKC))`),
]);

/**
 * The pending password link of a user: at most one (a new one replaces it), kept
 * as a sha256 of the token only, valid for an hour and deleted when used.
 */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

export const userOrganizations = pgTable(
  'user_organizations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('user_organizations_org_idx').on(t.organizationId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the cookie token: a database leak does not hand out live sessions. */
    id: text('id').primaryKey(),
    /** What the session list shows and revoke takes; never the token or its hash. */
    publicId: uuid('public_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** Organisation ids this session works on; scopes device, alarm and KPI queries. */
    selectedCustomers: integer('selected_customers')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * Set for the session of the onboarding flow embedded on a partner page (issue 19 §2): its token
     * is a bearer token (never a cookie), valid only from this origin and on the onboarding calls.
     */
    embedOrigin: text('embed_origin'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    /** Device type code (DEVICE_TYPES in @fieldwatch/shared). */
    type: integer('type').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /**
     * Time of the newest measurement the unit sent (ingestion keeps it, never moving it back);
     * null until the first. The communication watchdog raises type 19 when it grows too old.
     */
    lastContactAt: timestamp('last_contact_at', { withTimezone: true, mode: 'date' }),
    /** Serial number given when the unit was added; unique (case-insensitive) when set (migration 0009). */
    serialNumber: text('serial_number'),
    createdAt: createdAt(),
  },
  (t) => [
    index('units_org_idx').on(t.organizationId),
    uniqueIndex('units_serial_number_uidx')
      .on(sql`lower(${t.serialNumber})`)
      .where(sql`${t.serialNumber} is not null`),
  ],
);

/**
 * Per organisation: its number of units, and two versions that change, in the writing
 * transaction, whenever its units (added, removed, moved, renamed, repositioned) or their alarms
 * (raised, ended, removed) change. Kept by triggers (migration 0003), so no writer can forget
 * them; fleet-wide answers cached in memory (modules/fleet/cache.ts) are valid while the
 * versions of their organisations stay the same. No row: no units yet, versions 0.
 */
export const fleetCounters = pgTable('fleet_counters', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  units: integer('units').notNull().default(0),
  unitsVersion: bigint('units_version', { mode: 'number' }).notNull().default(0),
  alarmsVersion: bigint('alarms_version', { mode: 'number' }).notNull().default(0),
});

export const channels = pgTable(
  'channels',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    channelNo: integer('channel_no').notNull(),
    /** CHANNEL_KINDS: analog | formula | pt | switch | channel. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    unitOfMeasure: text('unit_of_measure').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.channelNo] })],
);

export const alarms = pgTable(
  'alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    /** channel_no of the unit's channel the alarm was raised on (0: the unit itself). */
    channelId: integer('channel_id').notNull(),
    alarmType: integer('alarm_type').notNull(),
    text: text('text').notNull().default(''),
    eventTime: timestamp('event_time', { withTimezone: true, mode: 'date' }).notNull(),
    /** The condition is still there (shared domain/alarm-state.ts); false: cleared. */
    active: boolean('active').notNull().default(true),
    /** Acknowledged by whom (username as it was then) and when; null: not acknowledged (migration 0010). */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    acknowledgedBy: text('acknowledged_by'),
    /** When it cleared, and who reset it by hand (null: its condition cleared). */
    clearedAt: timestamp('cleared_at', { withTimezone: true, mode: 'date' }),
    clearedBy: text('cleared_by'),
    /** When its notifications last went out (raised or repeated) and how often it was repeated. */
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    repeats: integer('repeats').notNull().default(0),
    /** The event and task the pipeline made of it (null for alarms from before migration 0010). */
    eventId: text('event_id'),
    taskId: text('task_id'),
  },
  (t) => [
    // A unit's AlarmEvents are its active alarms: the device list reads them by unit.
    index('alarms_active_unit_idx')
      .on(t.unitId)
      .where(sql`${t.active}`),
    // One active alarm per unit, channel and type: two concurrent evaluations (two ingestion
    // requests, two replicas) cannot both raise it; inserts use ON CONFLICT DO NOTHING.
    uniqueIndex('alarms_one_active_idx')
      .on(t.unitId, t.channelId, t.alarmType)
      .where(sql`${t.active}`),
    index('alarms_event_time_idx').on(t.eventTime),
    // A unit's alarms over time (the unit's message log).
    index('alarms_unit_time_idx').on(t.unitId, t.eventTime),
    // The repeat job's candidates: new alarms (active, not acknowledged) by their last notification.
    index('alarms_new_notified_idx')
      .on(t.notifiedAt)
      .where(sql`${t.active} and ${t.acknowledgedAt} is null`),
  ],
);

/**
 * What happened to an alarm after it was raised (acknowledged, reset, cleared, repeated): who,
 * when, and the state it was left in (shared domain/alarm-state.ts). "raised" is the alarm's own
 * event_time and is not stored again.
 */
export const alarmHistory = pgTable(
  'alarm_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    kind: text('kind').notNull(),
    by: text('by').notNull(),
    state: text('state').notNull(),
  },
  (t) => [index('alarm_history_alarm_idx').on(t.alarmId, t.at)],
);

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull(),
    doc: jsonb('doc').$type<FwEvent>().notNull(),
  },
  (t) => [index('events_org_created_idx').on(t.organizationId, t.created)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull(),
    doc: jsonb('doc').$type<FwNotification>().notNull(),
  },
  (t) => [index('notifications_user_org_created_idx').on(t.userId, t.organizationId, t.created)],
);

/** E-mail notifications (modules/notify-mail): a user's choices beside users.notify_email. */
export const notifyMailSettings = pgTable('notify_mail_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  priorities: jsonb('priorities').$type<string[]>().notNull().default(sql`'["low","normal","high","critical"]'::jsonb`),
  /** null: every alarm type. */
  alarmTypes: jsonb('alarm_types').$type<number[] | null>(),
  intervalMin: integer('interval_min').notNull().default(15),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
  /** The origin the user saved his settings from: the links of his mail lead there without PUBLIC_ORIGIN. */
  linkOrigin: text('link_origin'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Notifications still to be mailed: filled by the notifications_mail_enqueue trigger (0013). */
export const notifyMailPending = pgTable(
  'notify_mail_pending',
  {
    notificationId: text('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('notify_mail_pending_user_idx').on(t.userId)],
);

/** The key that signs unsubscribe links (one row, id 1), made by the server on first use. */
export const notifyMailSecret = pgTable('notify_mail_secret', {
  id: smallint('id').primaryKey(),
  secret: text('secret').notNull(),
});

export const tasks = pgTable(
  'tasks',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull(),
    /** Bumped on every write; a later PUT sends it back for optimistic concurrency. */
    revision: integer('revision').notNull().default(1),
    doc: jsonb('doc').$type<FwTask>().notNull(),
    // What the task list searches and sorts on (migration 0012): GENERATED from doc by the
    // database, so every write keeps them in step; never written by the server.
    status: text('status').generatedAlwaysAs(sql`("doc"->>'status')`),
    /** Own priority, else the category's: critical 4, alert 3, warning 2, notice 1 (shared taskPriority). */
    priorityRank: smallint('priority_rank').generatedAlwaysAs(
      sql`(CASE "doc"->>'priority' WHEN 'critical' THEN 4 WHEN 'alert' THEN 3 WHEN 'warning' THEN 2 WHEN 'notice' THEN 1 ELSE CASE "doc"->>'category' WHEN 'critical' THEN 4 WHEN 'alert' THEN 3 WHEN 'warning' THEN 2 WHEN 'pre-alert' THEN 2 ELSE 1 END END)`,
    ),
    due: text('due').generatedAlwaysAs(sql`("doc"->>'due')`),
    /** ISO date of the last activity (or created). */
    updated: text('updated').generatedAlwaysAs(sql`(coalesce("doc"->'activities'->-1->>'date', "doc"->>'created'))`),
    titleKey: text('title_key').generatedAlwaysAs(sql`(lower(coalesce("doc"->>'title', '')))`),
    /** Title and notes, lower case. */
    search: text('search').generatedAlwaysAs(
      sql`(lower(coalesce("doc"->>'title', '') || ' ' || coalesce(jsonb_path_query_array("doc", '$.activities[*] ? (@.type == "note").note')::text, '')))`,
    ),
    /** An alarm task's unitId and a custom task's unitIds. */
    unitIds: jsonb('unit_ids')
      .$type<number[]>()
      .generatedAlwaysAs(
        sql`((CASE WHEN jsonb_typeof("doc"->'unitIds') = 'array' THEN "doc"->'unitIds' ELSE '[]'::jsonb END) || (CASE WHEN jsonb_typeof("doc"->'unitId') = 'number' THEN '[]'::jsonb || ("doc"->'unitId') ELSE '[]'::jsonb END))`,
      ),
    locationId: text('location_id').generatedAlwaysAs(sql`("doc"->>'locationId')`),
  },
  (t) => [
    index('tasks_org_created_idx').on(t.organizationId, t.created),
    // The alarm pipeline looks up the open task of a signature (Alarm<unitId>) per organisation.
    index('tasks_org_signature_idx').on(t.organizationId, sql`(${t.doc}->>'signature')`),
    index('tasks_org_status_created_idx').on(t.organizationId, t.status, t.created),
    index('tasks_org_updated_idx').on(t.organizationId, t.updated),
    index('tasks_org_priority_idx').on(t.organizationId, t.priorityRank, t.created),
    index('tasks_org_due_idx').on(t.organizationId, t.due),
    index('tasks_assignees_idx').using('gin', sql`(${t.doc}->'assignees')`),
    index('tasks_unit_ids_idx').using('gin', t.unitIds),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Files of tasks (modules/tasks/files.ts): bytes in `data`, or in TASK_FILES_DIR under `path`. */
export const taskFiles = pgTable(
  'task_files',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    data: bytea('data'),
    path: text('path'),
  },
  (t) => [index('task_files_task_idx').on(t.taskId, t.created)],
);

export const dashboards = pgTable(
  'dashboards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Built-in kind (DASHBOARD_KINDS) or null for a custom dashboard. */
    staticKind: text('static_kind').$type<DashboardKind>(),
    version: text('version').notNull().default(VERSIONS.dashboard),
    content: jsonb('content').$type<DashboardContent>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('dashboards_user_idx').on(t.userId),
    // At most one built-in of each kind per user, even when two tabs fetch at once.
    uniqueIndex('dashboards_user_static_uidx')
      .on(t.userId, t.staticKind)
      .where(sql`${t.staticKind} is not null`),
  ],
);

export const nfcTags = pgTable(
  'nfc_tags',
  {
    tagUuid: text('tag_uuid').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('nfc_tags_unit_idx').on(t.unitId)],
);

// ───────────────────────── Fleet, telemetry, alarms, containers, user data ─────────────────────────
// (the whole API contract). One migration adds these; modules own their queries.

/** Unit groups of the v2 /groups API and GetUnitGroups (GroupId, Description). */
export const unitGroups = pgTable(
  'unit_groups',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('unit_groups_org_idx').on(t.organizationId)],
);

/** Which group a unit belongs to (PUT /devices/updateGroup moves units). */
export const unitGroupMembers = pgTable(
  'unit_group_members',
  {
    unitId: integer('unit_id')
      .primaryKey()
      .references(() => units.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => unitGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [index('unit_group_members_group_idx').on(t.groupId)],
);

/** Raw measurements. The primary key makes ingestion idempotent on (unit, channel, time). */
export const measurements = pgTable(
  'measurements',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    channelNo: integer('channel_no').notNull(),
    ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.channelNo, t.ts] })],
);

/**
 * Rollups maintained at write time: per unit, channel and hour or day bucket, the min, max, sum,
 * count and last value, so a one-year chart reads ~8,760 hour rows or 365 day rows, never raw data.
 */
export const measurementRollups = pgTable(
  'measurement_rollups',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    channelNo: integer('channel_no').notNull(),
    /** 'hour' | 'day' */
    granularity: text('granularity').notNull(),
    bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    sum: doublePrecision('sum').notNull(),
    count: integer('count').notNull(),
    last: doublePrecision('last').notNull(),
    lastTs: timestamp('last_ts', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.channelNo, t.granularity, t.bucket] })],
);

/** Alarm limits per channel and level (1–4), low and high. */
export const alarmLimits = pgTable(
  'alarm_limits',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    channelNo: integer('channel_no').notNull(),
    level: smallint('level').notNull(),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.channelNo, t.level] })],
);

/** Chart markers per channel (name, position, locked, comments). */
export const markers = pgTable(
  'markers',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    channelNo: integer('channel_no').notNull(),
    name: text('name').notNull(),
    /** Where on the time axis the marker stands. */
    position: timestamp('position', { withTimezone: true, mode: 'date' }).notNull(),
    locked: boolean('locked').notNull().default(false),
    comments: text('comments').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('markers_unit_channel_idx').on(t.unitId, t.channelNo)],
);

/** Relay state per unit (RELAY_STATES: initializing, pending, error, resetting) and wanted state. */
export const relays = pgTable('relays', {
  unitId: integer('unit_id')
    .primaryKey()
    .references(() => units.id, { onDelete: 'cascade' }),
  state: text('state').notNull().default('initializing'),
  on: boolean('on').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  /** The command switching or resetting the relay now (pending/resetting), or that last did. */
  commandId: bigint('command_id', { mode: 'number' }).references((): AnyPgColumn => unitActions.id, { onDelete: 'set null' }),
});

/** Commands sent to units (unit actions, relay switches, firmware updates) with their life (COMMAND_STATES). */
export const unitActions = pgTable(
  'unit_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: createdAt(),
    /** COMMAND_STATES: queued, sent, acknowledged, failed, timedOut. */
    status: text('status').notNull().default('queued'),
    /** What the command carries: the relay position ('on'/'off'), the firmware version. */
    detail: text('detail').notNull().default(''),
    result: text('result').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('unit_actions_unit_idx').on(t.unitId, t.requestedAt),
    // The simulator and the timeout watchdog read open commands only.
    index('unit_actions_open_idx')
      .on(t.status, t.requestedAt)
      .where(sql`${t.status} in ('queued', 'sent')`),
  ],
);

/** Device settings and options (legacy settings GET/PUT, v1/v2 options and details). */
export const unitSettings = pgTable('unit_settings', {
  unitId: integer('unit_id')
    .primaryKey()
    .references(() => units.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
  revision: integer('revision').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Radar scans per unit and channel (GetRadarDates, GetRadar, v2 radar). */
export const radarScans = pgTable(
  'radar_scans',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    channelNo: integer('channel_no').notNull(),
    ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull(),
    /** Distance bins (percentages) of one scan. */
    data: jsonb('data').$type<number[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.channelNo, t.ts] })],
);

/** Containers: groups (content: locations; parent and subgroups) and locations (content: units). */
export const containers = pgTable(
  'containers',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'group' | 'location' */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /**
     * The parent group; a deleted parent leaves its subgroups as roots. The key is checked at commit
     * (DEFERRABLE INITIALLY DEFERRED in migration 0007, which drizzle cannot declare here).
     */
    parentId: text('parent_id').references((): AnyPgColumn => containers.id, { onDelete: 'set null' }),
    /** References: { name, type: 'unit' | 'location', target }. */
    content: jsonb('content').$type<Array<{ name?: string; type: string; target?: string }>>().notNull().default([]),
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('containers_org_kind_idx').on(t.organizationId, t.kind), index('containers_parent_idx').on(t.parentId)],
);

/**
 * The older key-value store (GetUserData / SetUserData / DeleteUserData): ValueID, ValueType,
 * JSonData, Default. Namespaced per organisation and, for personal values, per user.
 */
export const userData = pgTable(
  'user_data',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    valueId: text('value_id').notNull(),
    valueType: text('value_type').notNull().default(''),
    json: jsonb('json').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    revision: integer('revision').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_data_scope_uidx').on(t.organizationId, t.namespace, t.key, t.valueId),
    index('user_data_user_idx').on(t.userId),
  ],
);

/** API tokens for device ingestion and API access: hashed at rest, shown once. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** sha256 (hex) of the token. */
    tokenHash: text('token_hash').notNull().unique(),
    /** First characters, to tell tokens apart in a list. */
    prefix: text('prefix').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** API_TOKEN_SCOPES: 'ingest' and/or 'read'. */
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{ingest}'::text[]`),
    /** After this it authenticates nothing; null: until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_tokens_org_idx').on(t.organizationId)],
);

/** Client preferences (date interval, weather per unit, hidden widgets, filters, text search). */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefs: jsonb('prefs').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Failed sign-ins, shared by every replica. `key` is the sha256 (hex) of what is
 * counted: an account+address pair, an account, or a trusted device (modules/auth/throttle.ts).
 * Rows past `expires_at` are pruned.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('login_throttle_expires_idx').on(t.expiresAt)],
);

/** Browsers that signed in successfully: the device cookie's token, hashed (sha256 hex). */
export const loginDevices = pgTable(
  'login_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_devices_user_idx').on(t.userId), index('login_devices_last_used_idx').on(t.lastUsedAt)],
);

/**
 * The audit log (issue 18): every administrative change and every sign-in, with who, when, from
 * where and what changed. Rows are only ever inserted; the actor's username is copied so an entry
 * still names its author after the user is deleted. organization_id is the organisation the change
 * belongs to (null for what belongs to no one organisation, e.g. a failed sign-in of an unknown
 * name); the admin view shows a SuperUser the rows of the organisations he administers and the
 * rows about himself.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** AUDIT_ACTIONS in @fieldwatch/shared, e.g. "user.invite", "auth.signin". */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** A readable name of the target at the time (a username, a token's name). */
    targetName: text('target_name').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** What changed: { field: { from, to } } or a few facts; never a secret. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_org_at_idx').on(t.organizationId, t.at),
    index('audit_log_actor_at_idx').on(t.actorUserId, t.at),
  ],
);

/**
 * User management (issue 18 §1): when a user was invited (or added by an administrator) and by
 * whom, and when he was deactivated (null: active). A deactivated user cannot sign in. A user
 * without a row was never invited and is active.
 */
export const userAdminState = pgTable('user_admin_state', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
  invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Accounts their owners registered (issue 18 §3): unverified until the mailed link is opened
 * (verifiedAt null). The link's token as its sha256, cleared by its one use; `redirect` the path
 * it leads on to. Accounts made any other way have no row (and are verified).
 */
export const userRegistrations = pgTable(
  'user_registrations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true, mode: 'date' }),
    tokenSentAt: timestamp('token_sent_at', { withTimezone: true, mode: 'date' }),
    redirect: text('redirect').notNull().default(''),
  },
  (t) => [uniqueIndex('user_registrations_token_hash_idx').on(t.tokenHash)],
);

/**
 * An organisation's settings beside its name and rights (issue 18 §1): the main account it is under,
 * contact, billing and company details, defaults for new users, branding (logo, accent colour,
 * account URL) and security (password policy, session lifetime, sign-in methods). One row per
 * organisation, made on first write; an organisation without a row has the defaults.
 */
export const organizationSettings = pgTable(
  'organization_settings',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
    /** General fields of OrganizationGeneral in @fieldwatch/shared, except name (organizations.name). */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    defaultLanguage: text('default_language').notNull().default(DEFAULT_LANGUAGE),
    defaultTimezone: text('default_timezone').notNull().default(DEFAULT_TIMEZONE),
    /** Data URL of the re-encoded PNG logo. */
    logo: text('logo'),
    accent: text('accent'),
    /** The account URL /a/<slug>. */
    slug: text('slug'),
    passwordMinLength: integer('password_min_length').notNull().default(6),
    passwordRequireDigit: boolean('password_require_digit').notNull().default(false),
    passwordRequireMixedCase: boolean('password_require_mixed_case').notNull().default(false),
    passwordRequireSymbol: boolean('password_require_symbol').notNull().default(false),
    sessionLifetimeHours: integer('session_lifetime_hours').notNull().default(672),
    signInMethods: text('sign_in_methods')
      .array()
      .notNull()
      .default(sql`'{password,bankid}'::text[]`),
    /** SuperUsers of the organisation must use two-factor authentication (TOTP). */
    requireTwoFactorSuperUsers: boolean('require_two_factor_super_users').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organization_settings_slug_idx').on(t.slug), index('organization_settings_parent_idx').on(t.parentId)],
);

/** Old account URLs: each leads to its organisation until expires_at (spec §9: 30 days). */
export const organizationSlugRedirects = pgTable('organization_slug_redirects', {
  slug: text('slug').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// ───────────────────────── Ownership and usage statistics (migration 0021) ─────────────────────────

/**
 * A custom dashboard shared read-only with an organisation of its owner (issue 18 §1): every user
 * of that organisation lists and opens it, only the owner changes it. One organisation per dashboard.
 */
export const dashboardShares = pgTable(
  'dashboard_shares',
  {
    dashboardId: integer('dashboard_id')
      .primaryKey()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sharedBy: integer('shared_by').references(() => users.id, { onDelete: 'set null' }),
    sharedAt: timestamp('shared_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('dashboard_shares_org_idx').on(t.organizationId)],
);

/** A calendar day (YYYY-MM-DD), as PostgreSQL's date type. */
const usageDay = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'date',
  fromDriver: (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10)),
});

/**
 * Daily counters of the usage statistics (modules/usage): per organisation, UTC day and metric
 * ("api.calls"), and per API token where the count is one token's (token_id null otherwise).
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: usageDay('day').notNull(),
    metric: text('metric').notNull(),
    tokenId: integer('token_id').references(() => apiTokens.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('usage_daily_uidx').on(t.organizationId, t.day, t.metric, sql`coalesce(${t.tokenId}, 0)`)],
);

/**
 * Sign-in identities (issue 18 §3): what names a user to an external sign-in. kind
 * 'personal_number' holds his personal identity number (digits only, e.g. 199001011234), set by an
 * administrator; kind 'oidc_sub' holds "<issuer> <sub>", written at his first BankID sign-in.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('user_identities_kind_value_idx').on(t.kind, t.value), index('user_identities_user_idx').on(t.userId)],
);

/** A BankID (OpenID Connect) sign-in on its way through the provider: used once, ten minutes at most. */
export const oidcLogins = pgTable('oidc_logins', {
  /** SHA-256 of the state; the state itself is only in the browser's cookie and the provider's redirect. */
  stateHash: text('state_hash').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirect: text('redirect').notNull(),
  remember: boolean('remember').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The organisations a user of several last chose to work in; a new session starts with them. */
export const userOrgChoice = pgTable('user_org_choice', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationIds: integer('organization_ids').array().notNull(),
  chosenAt: timestamp('chosen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Two-factor authentication (TOTP, modules/two-factor): the user's authenticator secret (base32),
 * in force from enabled_at (null: set up, not yet confirmed with a code), and the last 30-second
 * step a code was accepted for, so that no code is accepted twice.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes of two-factor authentication: sha256 (hex) of the code; used_at once used. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * Sign-ins whose password was right and whose two-factor code is still to come: the sha256 of the
 * ticket (its HttpOnly cookie holds it), five minutes at most, used once, ended after five wrong codes.
 */
export const twoFactorLogins = pgTable(
  'two_factor_logins',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(true),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('two_factor_logins_user_idx').on(t.userId), index('two_factor_logins_expires_idx').on(t.expiresAt)],
);

// ───────────────────────── Onboarding from an NFC tag (migration 0024) ─────────────────────────

/**
 * A signed-in user's way through the onboarding of one tag (issue 19 §1): the organisation chosen
 * (one of his, or the details of a new one, made at activation), the placement, and — once he
 * activated — the unit. Each step survives a reload; nothing else is created before activation.
 */
export const onboardings = pgTable(
  'onboardings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagUuid: text('tag_uuid')
      .notNull()
      .references(() => nfcTags.tagUuid, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** A new organisation's details (NewOrganization in @fieldwatch/shared), when one is to be made. */
    newOrganization: jsonb('new_organization').$type<Record<string, string>>(),
    /** OnboardingPlacement in @fieldwatch/shared. */
    placement: jsonb('placement').$type<Record<string, unknown>>(),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagUuid] }), index('onboardings_tag_idx').on(t.tagUuid)],
);

/**
 * The trial a unit's activation started (TRIAL_DAYS): active until ends_at, then ended by the
 * trial job unless converted to a subscription first. warned_at: the warning mail went out
 * (TRIAL_WARNING_DAYS before the end, once). link_origin: where the activation came from, for the
 * mail's link.
 */
export const unitTrials = pgTable(
  'unit_trials',
  {
    unitId: integer('unit_id')
      .primaryKey()
      .references(() => units.id, { onDelete: 'cascade' }),
    activatedBy: integer('activated_by').references(() => users.id, { onDelete: 'set null' }),
    /** TRIAL_STATUSES: active, ended, converted. */
    status: text('status').notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    warnedAt: timestamp('warned_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    convertedAt: timestamp('converted_at', { withTimezone: true, mode: 'date' }),
    convertedBy: integer('converted_by').references(() => users.id, { onDelete: 'set null' }),
    linkOrigin: text('link_origin'),
  },
  (t) => [index('unit_trials_status_ends_idx').on(t.status, t.endsAt)],
);

/**
 * Acceptances of the general terms (spec §5, §9): which version, when, by whom (the username kept
 * when the account is gone), for which organisation and unit, in which language they were shown.
 */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    language: text('language').notNull(),
  },
  (t) => [index('terms_acceptances_org_idx').on(t.organizationId)],
);

/**
 * The published versions of each remote (issue 21 §2, contract/releases.ts). Immutable: a version
 * is never changed once published, so a tab opened before a release keeps loading its chunks.
 * `entry` is the manifest URL the shell is given: /remotes/<name>/<version>/mf-manifest.json for
 * files in this server's release store, or an absolute URL on an allowed remote origin.
 */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    entry: text('entry').notNull(),
    /** The platform contract range the build needs (its manifest's @fieldwatch/shared range); null: not known. */
    contract: text('contract'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version] })],
);

/**
 * The remote map as data: per remote the live version (null = the build in its dist folder), the
 * one before it (what a roll back returns to) and an optional canary for a share of users
 * (percent) or named organisations. A remote without a row is served from its dist folder.
 */
export const remoteDeployments = pgTable('remote_deployments', {
  remote: text('remote').primaryKey(),
  version: text('version'),
  previousVersion: text('previous_version'),
  canaryVersion: text('canary_version'),
  canaryPercent: integer('canary_percent').notNull().default(0),
  canaryOrganizations: integer('canary_organizations').array().notNull().default(sql`'{}'::integer[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
