/**
 * The one database schema, for PGlite and PostgreSQL alike. Migrations in server/drizzle/ are
 * generated from this file with `pnpm --filter @fieldwatch/server db:generate`.
 *
 * Conventions: timestamps are timestamptz; id lists are integer arrays (PGlite is PostgreSQL, so
 * arrays behave identically on both drivers); documents whose shape is owned by
 * @fieldwatch/shared (events, notifications, tasks, dashboard content) are jsonb.
 */
import { sql } from 'drizzle-orm';
import {
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
  notifyEmail: boolean('notify_email').notNull().default(DEFAULT_NOTIFICATION_PREFS.email),
  notifyDesktop: boolean('notify_desktop').notNull().default(DEFAULT_NOTIFICATION_PREFS.desktop),
  /** Data URL of the avatar image, or null. */
  avatar: text('avatar'),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
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
    createdAt: createdAt(),
  },
  (t) => [index('units_org_idx').on(t.organizationId)],
);

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
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    // A unit's AlarmEvents are its active alarms: the device list reads them by unit.
    index('alarms_active_unit_idx')
      .on(t.unitId)
      .where(sql`${t.active}`),
    index('alarms_event_time_idx').on(t.eventTime),
  ],
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
  },
  (t) => [
    index('tasks_org_created_idx').on(t.organizationId, t.created),
    // The alarm pipeline looks up the open task of a signature (Alarm<unitId>) per organisation.
    index('tasks_org_signature_idx').on(t.organizationId, sql`(${t.doc}->>'signature')`),
  ],
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
