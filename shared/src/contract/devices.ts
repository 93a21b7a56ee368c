/**
 * Units and what hangs off them: the device lists, the filter, per-unit settings, chart markers,
 * the relay, radar scans, measured data, NFC tags, measurement ingestion and the weather at a
 * position.
 */
import * as T from 'typebox';
import { SUPPORTED_LANGUAGES, WEATHER_DEFAULT_DAYS } from '../constants';
import { CHANNEL_KINDS, UNIT_ACTIONS } from '../domain/device-types';
import { NFC_TAG_MAX } from '../domain/nfc-tag';
import { CHANNEL_TEXT_MAX } from '../domain/port-settings';
import { UNIT_STATUSES } from '../domain/status';
import { INGEST_MAX_BATCH, TELEMETRY_MAX_POINTS } from '../domain/telemetry';
import { ChannelNo, Id, Json, MAX_INT, NOT_BLANK, Nullable, StringEnum, UseContext, WithDefault } from './common';

/** GET /api/v2/device/devices?use_context */
export const DevicesQuery = T.Object({ use_context: UseContext });
/** GET /api/v3/device/devices?use_context&page&pageSize: one page of units, with the total. */
export const DevicePageQuery = T.Object(
  {
    use_context: UseContext,
    page: WithDefault(T.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    pageSize: WithDefault(T.Integer({ minimum: 1, maximum: 1000, default: 20 })),
  },
  { additionalProperties: false },
);
/** GET /api/v1/device?orgs=1,2 */
export const DevicesV1Query = T.Object({ orgs: T.Optional(T.String({ maxLength: 2000 })) });

/** POST /api/v2/device/deviceFilter?use_context: all criteria optional, combined with AND. */
export const DeviceFilter = T.Object(
  {
    /** Unit statuses; none or all means no status filtering. */
    statuses: T.Optional(T.Array(StringEnum(UNIT_STATUSES), { maxItems: 10 })),
    unitTypes: T.Optional(T.Array(T.Integer({ minimum: 0, maximum: 100000 }), { maxItems: 500 })),
    /** Units with an active alarm of one of these types. */
    alarmTypes: T.Optional(T.Array(T.Integer({ minimum: 0, maximum: 1000 }), { maxItems: 500 })),
    /** Case-insensitive text in the name, location, model name or type code. */
    search: T.Optional(T.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type DeviceFilter = T.Static<typeof DeviceFilter>;

/** Names of settings sections and keys. */
const SETTING_NAME = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
/** A settings value: text, a finite number, true/false or null (checked by the server). */
export type SettingsValue = string | number | boolean | null;
/** Sections of scalar keys, e.g. { general: { measureIntervalMin: 15 } }. */
export type UnitSettingsDoc = Record<string, Record<string, SettingsValue>>;
/**
 * Any JSON as a value: ajv's type coercion would turn 5 into "5", so the value is checked by the
 * server's own rule.
 */
const SettingValue = Json<SettingsValue>({});
const SettingsRevision = T.Integer({ minimum: 0, maximum: MAX_INT });

/** PUT /api/v2/device/legacy/devices/:id/settings: the whole document and the revision it was based on (stale → 409). */
export const UnitSettingsUpdate = T.Object(
  {
    revision: SettingsRevision,
    settings: Json<UnitSettingsDoc>({
      type: 'object',
      maxProperties: 20,
      propertyNames: { pattern: SETTING_NAME },
      additionalProperties: {
        type: 'object',
        maxProperties: 50,
        propertyNames: { pattern: SETTING_NAME },
        additionalProperties: {},
      },
    }),
  },
  { additionalProperties: false },
);
export type UnitSettingsUpdate = T.Static<typeof UnitSettingsUpdate>;

/** PUT /api/v2/device/legacy/devices/:a/:b/:c — unit a, section b, key c: one value. */
export const UnitSettingParams = T.Object({
  a: Id,
  b: T.String({ pattern: SETTING_NAME }),
  c: T.String({ pattern: SETTING_NAME }),
});
export const UnitSettingUpdate = T.Object(
  {
    value: SettingValue,
    /** Optional optimistic-concurrency check. */
    revision: T.Optional(SettingsRevision),
  },
  { additionalProperties: false },
);
export type UnitSettingUpdate = T.Static<typeof UnitSettingUpdate>;

/** A unit's channel: /…/:id/channel/:n/… */
export const ChannelParams = T.Object({ id: Id, n: ChannelNo });
export const MarkerParams = T.Object({ id: Id, n: ChannelNo, markerId: Id });
const markerFields = {
  name: T.String({ minLength: 1, maxLength: 200 }),
  /** A time on the chart's time axis. */
  position: T.String({ minLength: 1, maxLength: 40 }),
  locked: T.Boolean(),
  comments: T.String({ maxLength: 2000 }),
};
/** POST …/markers. */
export const MarkerInput = T.Object(
  {
    name: markerFields.name,
    position: markerFields.position,
    locked: T.Optional(markerFields.locked),
    comments: T.Optional(markerFields.comments),
  },
  { additionalProperties: false },
);
export type MarkerInput = T.Static<typeof MarkerInput>;
/** PUT …/markers/:markerId: the fields to change (at least one). */
export const MarkerUpdate = T.Object(
  {
    name: T.Optional(markerFields.name),
    position: T.Optional(markerFields.position),
    locked: T.Optional(markerFields.locked),
    comments: T.Optional(markerFields.comments),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** POST /api/v2/device/devices/:id/relay: switch (on) or reset the relay. */
export const RelayRequest = T.Object(
  { on: T.Optional(T.Boolean()), reset: T.Optional(T.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
export type RelayRequest = T.Static<typeof RelayRequest>;

/** GET /api/v2/device/legacy/devices/:id/radar/:channel?timestamp */
export const RadarParams = T.Object({ id: Id, channel: ChannelNo });
export const RadarQuery = T.Object({ timestamp: T.Optional(T.String({ minLength: 1, maxLength: 40 })) });

const TimeField = T.String({ minLength: 1, maxLength: 40 });
const dataFields = {
  start: T.Optional(TimeField),
  records: T.Optional(T.Integer({ minimum: 2, maximum: TELEMETRY_MAX_POINTS })),
  channel: T.Optional(ChannelNo),
};
/** GET /api/v3/device/devices/:id/data?start&end&records&channel */
export const DeviceDataQuery = T.Object(
  { start: dataFields.start, end: T.Optional(TimeField), records: dataFields.records, channel: dataFields.channel },
  { additionalProperties: false },
);
/** GET /api/v2/device/devices/:id/data?start&stop&records&channel (the older name of `end`). */
export const DeviceDataV2Query = T.Object(
  { start: dataFields.start, stop: T.Optional(TimeField), records: dataFields.records, channel: dataFields.channel },
  { additionalProperties: false },
);

/** GET /api/v1/nfc/tag?unit */
export const NfcTagQuery = T.Object({ unit: Id });
/**
 * PUT /api/v3/device/devices/:id/nfc/tag: the tag the unit carries from now on ('' for none);
 * checked by the shared rule (domain/nfc-tag), a tag of another unit is refused with 409.
 */
export const NfcTagUpdate = T.Object({ tagUuid: T.String({ maxLength: NFC_TAG_MAX * 2 }) }, { additionalProperties: false });
export type NfcTagUpdate = T.Static<typeof NfcTagUpdate>;

/**
 * PUT /api/v3/device/devices/:id/channels/:n: a port's kind, name, unit of measure and scaling.
 * Fields left out keep theirs (or take a new kind's defaults); the whole port is checked by the
 * shared rule (domain/port-settings). `revision`: the settings document's, as read with the ports
 * (GET …/channels); a stale one is a 409 and changes nothing.
 */
export const PortUpdate = T.Object(
  {
    kind: T.Optional(StringEnum(CHANNEL_KINDS)),
    name: T.Optional(T.String({ maxLength: CHANNEL_TEXT_MAX })),
    unitOfMeasure: T.Optional(T.String({ maxLength: CHANNEL_TEXT_MAX })),
    factor: T.Optional(T.Number()),
    offset: T.Optional(T.Number()),
    revision: T.Optional(T.Integer({ minimum: 0, maximum: MAX_INT })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PortUpdate = T.Static<typeof PortUpdate>;

/** POST /api/v3/ingest (Authorization: Bearer <token>). */
export const IngestPointInput = T.Object(
  {
    unitId: Id,
    channel: ChannelNo,
    /** ISO 8601 time. */
    ts: T.String({ format: 'date-time' }),
    value: T.Number(),
  },
  { additionalProperties: false },
);
export type IngestPointInput = T.Static<typeof IngestPointInput>;
export const IngestRequest = T.Object(
  { points: T.Array(IngestPointInput, { maxItems: INGEST_MAX_BATCH }) },
  { additionalProperties: false },
);
export type IngestRequest = T.Static<typeof IngestRequest>;

/**
 * What an API token may do: `ingest` — POST /api/v3/ingest; `read` — the read API of its
 * organisation (units, measurements, alarms; see READ_TOKEN_ENDPOINTS in the server's guard).
 */
export const API_TOKEN_SCOPES = ['ingest', 'read'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/**
 * POST /api/v3/admin/tokens: a token for one organisation, with one or both scopes and an optional
 * expiry (an ISO time in the future; none: until revoked).
 */
export const ApiTokenRequest = T.Object(
  {
    name: T.String({ minLength: 1, maxLength: 100, pattern: NOT_BLANK }),
    organizationId: Id,
    scopes: T.Optional(
      T.Array(T.Unsafe<ApiTokenScope>({ type: 'string', enum: [...API_TOKEN_SCOPES] }), {
        minItems: 1,
        maxItems: API_TOKEN_SCOPES.length,
        uniqueItems: true,
      }),
    ),
    expiresAt: T.Optional(
      Nullable(T.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}T[0-9:.]+(Z|[+-]\\d{2}:?\\d{2})$' })),
    ),
  },
  { additionalProperties: false },
);
export type ApiTokenRequest = T.Static<typeof ApiTokenRequest>;

/** The most days one weather request may ask for. */
export const WEATHER_MAX_DAYS = 16;
/** GET (query) or POST (body) /api/v1/weather/getWeather: the days' weather at a position. */
export const WeatherQuery = T.Object(
  {
    lat: T.Number({ minimum: -90, maximum: 90 }),
    lon: T.Number({ minimum: -180, maximum: 180 }),
    days: WithDefault(T.Integer({ minimum: 1, maximum: WEATHER_MAX_DAYS, default: WEATHER_DEFAULT_DAYS })),
    // Open-Meteo answers numbers only; lang is accepted for the older API's sake.
    lang: WithDefault(T.String({ pattern: '^[a-z]{2}(-[A-Za-z]{2})?$', default: SUPPORTED_LANGUAGES[0] })),
  },
  { additionalProperties: false },
);

// ───────── commands: unit actions, bulk actions, firmware ─────────

/** POST /api/v2/device/devices/:id/actions */
export const UnitActionRequest = T.Object({ action: StringEnum(UNIT_ACTIONS) }, { additionalProperties: false });
export type UnitActionRequest = T.Static<typeof UnitActionRequest>;

/** Most units one bulk request may name (a page of the device table is 20; a selection of every match is capped). */
export const BULK_MAX_UNITS = 1000;

/** POST /api/v3/device/actions: one action for many units. */
export const BulkActionRequest = T.Object(
  { unitIds: T.Array(Id, { minItems: 1, maxItems: BULK_MAX_UNITS }), action: StringEnum(UNIT_ACTIONS) },
  { additionalProperties: false },
);
export type BulkActionRequest = T.Static<typeof BulkActionRequest>;

/** POST /api/v3/device/devices/:id/firmware: schedule an update to one of the available versions. */
export const FirmwareRequest = T.Object(
  { version: T.String({ minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z._-]+$' }) },
  { additionalProperties: false },
);
export type FirmwareRequest = T.Static<typeof FirmwareRequest>;

/** GET /api/v3/device/devices/:id/log: the unit's message log, newest first. */
export const UnitLogQuery = T.Object(
  {
    /** ISO or API date; default 24 hours before `to`. */
    from: T.Optional(TimeField),
    /** ISO or API date; default now. */
    to: T.Optional(TimeField),
    /** Comma-separated UNIT_LOG_KINDS; default all. */
    kinds: T.Optional(T.String({ maxLength: 100, pattern: '^[a-z,]*$' })),
    /** Case-insensitive text in the line. */
    q: T.Optional(T.String({ maxLength: 200 })),
    limit: WithDefault(T.Integer({ minimum: 1, maximum: 1000, default: 200 })),
  },
  { additionalProperties: false },
);
export type UnitLogQuery = T.Static<typeof UnitLogQuery>;

// ───────── a unit's own fields ─────────

/**
 * PUT /api/v3/device/devices/:id: rename a unit, set its location text or its position (lat and lon
 * together; both null clears it). Only what is sent changes.
 */
export const UpdateUnitBody = T.Object(
  {
    name: T.Optional(T.String({ minLength: 1, maxLength: 100, pattern: NOT_BLANK })),
    location: T.Optional(T.String({ maxLength: 200 })),
    lat: T.Optional(Nullable(T.Number({ minimum: -90, maximum: 90 }))),
    lon: T.Optional(Nullable(T.Number({ minimum: -180, maximum: 180 }))),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateUnitBody = T.Static<typeof UpdateUnitBody>;

/**
 * POST /api/v3/device/devices: add a unit by serial number and type, or by its NFC tag id (the tag
 * tells the type). It lands in the organisation asked for (one of the caller's; default the first
 * selected) and, when given, in a location container of that organisation.
 */
export const AddDeviceBody = T.Object(
  {
    name: T.String({ minLength: 1, maxLength: 100, pattern: NOT_BLANK }),
    serial: T.Optional(T.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' })),
    type: T.Optional(T.Integer({ minimum: 0, maximum: 100000 })),
    tagId: T.Optional(T.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$' })),
    organization: T.Optional(Id),
    locationId: T.Optional(T.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' })),
  },
  { additionalProperties: false },
);
export type AddDeviceBody = T.Static<typeof AddDeviceBody>;


// ───────── the device table ─────────

/** Columns the device table sorts by (DeviceTableQuery.sort). */
export const DEVICE_TABLE_SORTS = ['status', 'name', 'location', 'model', 'customer', 'lastContact'] as const;
export type DeviceTableSort = (typeof DEVICE_TABLE_SORTS)[number];
/** The most units one page of the device table holds. */
export const DEVICE_TABLE_MAX_PAGE_SIZE = 500;
/** The most rows the device table's CSV export writes (the filtered set beyond it is cut, and the answer says so). */
export const DEVICE_TABLE_CSV_MAX_ROWS = 10_000;
const IdCsv = T.String({ maxLength: 4000, pattern: '^[0-9]*(,[0-9]+)*$' });

/**
 * GET /api/v3/device/table (and table.csv): one page of the caller's units, filtered and sorted on
 * the server. Lists are comma-separated; an empty list (or all statuses) does not filter.
 */
export const DeviceTableQuery = T.Object(
  {
    use_context: UseContext,
    page: WithDefault(T.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    pageSize: WithDefault(T.Integer({ minimum: 1, maximum: DEVICE_TABLE_MAX_PAGE_SIZE, default: 20 })),
    sort: WithDefault(StringEnum(DEVICE_TABLE_SORTS, { default: 'status' })),
    dir: WithDefault(StringEnum(['asc', 'desc'] as const, { default: 'asc' })),
    /** Every word must appear in the name, the location or the model name (case-insensitive). */
    q: T.Optional(T.String({ maxLength: 200 })),
    /** UNIT_STATUSES, comma-separated. */
    status: T.Optional(T.String({ maxLength: 100, pattern: '^[a-z,]*$' })),
    types: T.Optional(IdCsv),
    alarmTypes: T.Optional(IdCsv),
    /** Organisation ids (within the caller's / the selected ones). */
    customers: T.Optional(IdCsv),
    /** A group container: the units of its locations and of its subgroups' locations. */
    group: T.Optional(T.String({ maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' })),
    /** A location container: its units. */
    location: T.Optional(T.String({ maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' })),
  },
  { additionalProperties: false },
);
export type DeviceTableQuery = T.Static<typeof DeviceTableQuery>;
