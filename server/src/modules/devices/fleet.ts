/**
 * Fleet services: details, options, settings (optimistic revisions), filtering, markers, relays,
 * unit actions, radar and channels. Every function takes the organisations the caller may see and
 * answers 404 'Not found' for a unit, marker or channel outside them.
 */
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import {
  deviceType,
  isParkingType,
  isThirdPartyType,
  matchesStatusFilter,
  modelName,
  RELAY_STATES,
  UNIT_ACTIONS,
  unitStatus,
  type ChannelInfo,
  type ChannelKind,
  type DeviceFamily,
  type DeviceFilter,
  type Marker,
  type MarkerInput,
  type RadarScan,
  type Relay,
  type RelayRequest,
  type SettingsValue,
  type Unit,
  type UnitAction,
  type UnitActionRecord,
  type UnitDetails,
  type UnitOptions,
  type UnitSettings,
  type UnitSettingsDoc,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarms, channels, markers, measurementRollups, radarScans, relays, unitActions, unitSettings } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { listUnits, requireUnit, type UnitRow } from './service';

export const conflict = (message: string) => new HttpError(409, message, 'conflict');
export const SETTINGS_CONFLICT = 'The settings were changed by someone else; reload them and try again';
export const RELAY_ERROR = 'Error updating relay';
export const MARKER_LOCKED = 'The marker is locked';

const familyOf = (type: number): DeviceFamily => deviceType(type)?.family ?? 'other';

/** Relays: switch outputs, valves and pulse meters. Radar: analogue level sensors and waste bins. */
export function hasRelay(type: number): boolean {
  return ['switch', 'valve', 'pulse'].includes(familyOf(type));
}
export function hasRadar(type: number): boolean {
  return ['analog', 'waste'].includes(familyOf(type));
}
/** Parking sensors take no radar action; everything else takes every unit action. */
export function unitActionsFor(type: number): UnitAction[] {
  return UNIT_ACTIONS.filter((a) => a !== 'getRadarAndData' || hasRadar(type));
}

function asUnit(u: UnitRow, events: Unit['AlarmEvents'] = []): Unit {
  return {
    UnitID: u.id,
    UnitName: u.name,
    UnitLocation: u.location,
    UnitType: u.type,
    UnitGPSLatitude: u.lat,
    UnitGPSLongitude: u.lon,
    CustomerID: u.organizationId,
    AlarmEvents: events,
  };
}

export async function unitChannels(db: Db, unitId: number): Promise<ChannelInfo[]> {
  const rows = await db.select().from(channels).where(eq(channels.unitId, unitId)).orderBy(asc(channels.channelNo));
  return rows.map((c) => ({
    ChannelID: c.channelNo,
    ChannelName: c.name,
    ChannelKind: c.kind as ChannelKind,
    UnitOfMeasure: c.unitOfMeasure,
  }));
}

export async function unitDetails(db: Db, u: UnitRow): Promise<UnitDetails> {
  const active = await db
    .select()
    .from(alarms)
    .where(and(eq(alarms.unitId, u.id), eq(alarms.active, true)))
    .orderBy(desc(alarms.eventTime), desc(alarms.id));
  const events = active.map((a) => ({
    AlarmID: a.id,
    AlarmType: a.alarmType,
    AlarmEventText: a.text,
    AlarmEventTime: a.eventTime.toISOString().slice(0, 19).replace('T', ' '),
    ChannelID: a.channelId,
  }));
  const unit = asUnit(u, events);
  return {
    ...unit,
    ModelName: modelName(u.type),
    DeviceFamily: familyOf(u.type),
    ThirdParty: isThirdPartyType(u.type),
    Parking: isParkingType(u.type),
    Status: unitStatus(unit),
    Channels: await unitChannels(db, u.id),
  };
}

export async function unitOptions(db: Db, u: UnitRow): Promise<UnitOptions> {
  const [row] = await db.select({ options: unitSettings.options }).from(unitSettings).where(eq(unitSettings.unitId, u.id));
  return {
    unitId: u.id,
    unitType: u.type,
    modelName: modelName(u.type),
    family: familyOf(u.type),
    actions: unitActionsFor(u.type),
    relay: hasRelay(u.type),
    radar: hasRadar(u.type),
    parking: isParkingType(u.type),
    custom: row?.options ?? {},
  };
}

// ───────────── settings ─────────────

/** What a unit's settings are before anyone saved them (revision 0). */
export function defaultSettings(u: Pick<UnitRow, 'type'>): UnitSettingsDoc {
  const parking = isParkingType(u.type);
  return {
    general: { measureIntervalMin: parking ? 1 : 15, sendIntervalMin: parking ? 5 : 60, timezone: 'UTC' },
    alarm: { enabled: true, repeatMin: 60 },
    radio: { mode: 'nb-iot', powerSave: true },
  };
}

export async function getSettings(db: Db, u: UnitRow): Promise<UnitSettings> {
  const [row] = await db.select().from(unitSettings).where(eq(unitSettings.unitId, u.id));
  if (!row) return { unitId: u.id, revision: 0, settings: defaultSettings(u), updatedAt: null };
  return {
    unitId: u.id,
    revision: row.revision,
    settings: row.settings as UnitSettingsDoc,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Replaces the settings if `revision` is the stored one (0: never stored); bumps the revision.
 * A stale revision is a 409 and changes nothing.
 */
export async function putSettings(db: Db, u: UnitRow, revision: number, settings: UnitSettingsDoc): Promise<UnitSettings> {
  const now = new Date();
  const rows =
    revision === 0
      ? await db
          .insert(unitSettings)
          .values({ unitId: u.id, settings, revision: 1, updatedAt: now })
          .onConflictDoNothing()
          .returning()
      : await db
          .update(unitSettings)
          .set({ settings, revision: sql`${unitSettings.revision} + 1`, updatedAt: now })
          .where(and(eq(unitSettings.unitId, u.id), eq(unitSettings.revision, revision)))
          .returning();
  const row = rows[0];
  if (!row) throw conflict(SETTINGS_CONFLICT);
  return { unitId: u.id, revision: row.revision, settings: row.settings as UnitSettingsDoc, updatedAt: row.updatedAt.toISOString() };
}

/** Sets one key of one section (PUT /legacy/devices/{unit}/{section}/{key}). */
export async function putSetting(
  db: Db,
  u: UnitRow,
  section: string,
  key: string,
  value: SettingsValue,
  revision?: number,
): Promise<UnitSettings> {
  const current = await getSettings(db, u);
  if (revision !== undefined && revision !== current.revision) throw conflict(SETTINGS_CONFLICT);
  const settings = { ...current.settings, [section]: { ...(current.settings[section] ?? {}), [key]: value } };
  if (Object.keys(settings).length > 20) throw new HttpError(400, 'At most 20 settings sections', 'validation');
  if (Object.keys(settings[section] ?? {}).length > 50)
    throw new HttpError(400, 'At most 50 keys per settings section', 'validation');
  return putSettings(db, u, current.revision, settings);
}

// ───────────── filter ─────────────

export async function filterUnits(db: Db, orgIds: readonly number[], f: DeviceFilter): Promise<Unit[]> {
  const all = await listUnits(db, orgIds);
  const search = f.search?.trim().toLowerCase() ?? '';
  return all.filter((u) => {
    if (!matchesStatusFilter(unitStatus(u), f.statuses ?? [])) return false;
    if (f.unitTypes?.length && !f.unitTypes.includes(u.UnitType)) return false;
    if (f.alarmTypes?.length && !u.AlarmEvents.some((e) => f.alarmTypes!.includes(e.AlarmType))) return false;
    if (search) {
      const hay = [u.UnitName, u.UnitLocation, modelName(u.UnitType), String(u.UnitType)].join('\n').toLowerCase();
      if (!hay.includes(search)) return false;
    }
    return true;
  });
}

// ───────────── markers ─────────────

export async function requireChannel(db: Db, unitId: number, channel: number): Promise<void> {
  const [row] = await db
    .select({ n: channels.channelNo })
    .from(channels)
    .where(and(eq(channels.unitId, unitId), eq(channels.channelNo, channel)));
  if (!row) throw notFound();
}

const toMarker = (m: typeof markers.$inferSelect): Marker => ({
  id: m.id,
  unitId: m.unitId,
  channel: m.channelNo,
  name: m.name,
  position: m.position.toISOString(),
  locked: m.locked,
  comments: m.comments,
  createdAt: m.createdAt.toISOString(),
});

export async function listMarkers(db: Db, unitId: number, channel?: number): Promise<Marker[]> {
  const rows = await db
    .select()
    .from(markers)
    .where(channel === undefined ? eq(markers.unitId, unitId) : and(eq(markers.unitId, unitId), eq(markers.channelNo, channel)))
    .orderBy(asc(markers.position), asc(markers.id));
  return rows.map(toMarker);
}

export async function createMarker(db: Db, unitId: number, channel: number, input: Omit<MarkerInput, 'position'> & { position: Date }, userId: number): Promise<Marker> {
  await requireChannel(db, unitId, channel);
  const [row] = await db
    .insert(markers)
    .values({
      unitId,
      channelNo: channel,
      name: input.name,
      position: input.position,
      locked: input.locked ?? false,
      comments: input.comments ?? '',
      createdBy: userId,
    })
    .returning();
  return toMarker(row!);
}

/** The marker if it belongs to a unit of the organisations (and to unit/channel when given). */
export async function requireMarker(
  db: Db,
  markerId: number,
  orgIds: readonly number[],
  where?: { unitId: number; channel: number },
): Promise<typeof markers.$inferSelect> {
  const [row] = await db.select().from(markers).where(eq(markers.id, markerId));
  if (!row) throw notFound();
  if (where && (row.unitId !== where.unitId || row.channelNo !== where.channel)) throw notFound();
  await requireUnit(db, row.unitId, orgIds);
  return row;
}

/**
 * Updates the given fields. A locked marker only accepts being unlocked (with other changes).
 * The lock is checked by the UPDATE itself, not only on the row read before: a marker deleted or
 * locked meanwhile by someone else is a 404 or 409, never a write over a locked marker or a 500.
 */
export async function updateMarker(
  db: Db,
  m: typeof markers.$inferSelect,
  input: Partial<Omit<MarkerInput, 'position'>> & { position?: Date },
): Promise<Marker> {
  if (m.locked && input.locked !== false) throw conflict(MARKER_LOCKED);
  const [row] = await db
    .update(markers)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      ...(input.locked !== undefined ? { locked: input.locked } : {}),
      ...(input.comments !== undefined ? { comments: input.comments } : {}),
    })
    .where(and(eq(markers.id, m.id), input.locked === false ? undefined : eq(markers.locked, false)))
    .returning();
  if (!row) throw await markerGone(db, m.id);
  return toMarker(row);
}

export async function deleteMarker(db: Db, m: typeof markers.$inferSelect): Promise<void> {
  if (m.locked) throw conflict(MARKER_LOCKED);
  const deleted = await db
    .delete(markers)
    .where(and(eq(markers.id, m.id), eq(markers.locked, false)))
    .returning({ id: markers.id });
  if (deleted.length === 0) throw await markerGone(db, m.id);
}

/** Why a write found no marker row: deleted meanwhile (404) or locked meanwhile (409). */
async function markerGone(db: Db, id: number): Promise<HttpError> {
  const [now] = await db.select({ locked: markers.locked }).from(markers).where(eq(markers.id, id));
  return now?.locked ? conflict(MARKER_LOCKED) : notFound();
}

// ───────────── relay ─────────────

export async function getRelay(db: Db, unitId: number): Promise<Relay> {
  const [row] = await db.select().from(relays).where(eq(relays.unitId, unitId));
  if (!row) return { unitId, state: 'initializing', on: false, updatedAt: null };
  return {
    unitId,
    state: (RELAY_STATES as readonly string[]).includes(row.state) ? (row.state as Relay['state']) : 'error',
    on: row.on,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Asks the unit to switch (`on`) or reset its relay: the state becomes pending (or resetting) until
 * the unit reports back. A unit without a relay, not installed, or out of contact (an active
 * communication-error alarm) cannot take it: the state becomes error and the call answers 409
 * "Error updating relay".
 */
export async function setRelay(db: Db, u: UnitRow, req: RelayRequest, userId: number): Promise<Relay> {
  const details = await unitDetails(db, u);
  const ok = hasRelay(u.type) && details.Status !== 'inactive' && details.Status !== 'problem';
  const current = await getRelay(db, u.id);
  const state = !ok ? 'error' : req.reset ? 'resetting' : 'pending';
  const on = !ok ? current.on : req.reset ? false : (req.on ?? current.on);
  const values = { unitId: u.id, state, on, updatedAt: new Date(), updatedBy: userId };
  await db.insert(relays).values(values).onConflictDoUpdate({ target: relays.unitId, set: values });
  if (!ok) throw conflict(RELAY_ERROR);
  return getRelay(db, u.id);
}

// ───────────── unit actions ─────────────

const toAction = (r: typeof unitActions.$inferSelect): UnitActionRecord => ({
  id: r.id,
  unitId: r.unitId,
  action: r.action as UnitAction,
  status: r.status as UnitActionRecord['status'],
  result: r.result,
  requestedAt: r.requestedAt.toISOString(),
  completedAt: r.completedAt?.toISOString() ?? null,
});

/**
 * Records a unit action and its effect: the server answers getData, getRadarAndData, getSettings
 * and test at once (done); restart, purgeData, setTime and sendSettings wait for the unit (queued).
 * A unit that is not installed, or does not take the action, fails it.
 */
export async function runUnitAction(db: Db, u: UnitRow, action: UnitAction, userId: number): Promise<UnitActionRecord> {
  const details = await unitDetails(db, u);
  const now = new Date();
  let status: UnitActionRecord['status'] = 'done';
  let result: string;
  if (details.Status === 'inactive') {
    status = 'failed';
    result = 'The unit is not installed';
  } else if (!unitActionsFor(u.type).includes(action)) {
    status = 'failed';
    result = 'Device not supported';
  } else {
    const settings = await getSettings(db, u);
    switch (action) {
      case 'getData':
      case 'getRadarAndData': {
        const [m] = await db
          .select({ last: sql<Date | null>`max(${measurementRollups.lastTs})` })
          .from(measurementRollups)
          .where(and(eq(measurementRollups.unitId, u.id), eq(measurementRollups.granularity, 'day')));
        const last = m?.last ? new Date(m.last) : null;
        result = last ? `Latest data ${last.toISOString()}` : 'No data yet';
        if (action === 'getRadarAndData') {
          const [r] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(radarScans)
            .where(eq(radarScans.unitId, u.id));
          result += `; ${Number(r?.n ?? 0)} radar scans`;
        }
        break;
      }
      case 'getSettings':
        result = `Settings revision ${settings.revision}`;
        break;
      case 'test':
        result = 'Test passed';
        break;
      case 'sendSettings':
        status = 'queued';
        result = `Settings revision ${settings.revision} queued for the unit`;
        break;
      case 'setTime':
        status = 'queued';
        result = `Time ${now.toISOString()} queued for the unit`;
        break;
      case 'restart':
        status = 'queued';
        result = 'Restart queued for the unit';
        break;
      case 'purgeData':
        status = 'queued';
        result = "Purge of the unit's stored data queued";
        break;
    }
  }
  const [row] = await db
    .insert(unitActions)
    .values({
      unitId: u.id,
      action,
      requestedBy: userId,
      requestedAt: now,
      status,
      result,
      completedAt: status === 'queued' ? null : now,
    })
    .returning();
  return toAction(row!);
}

export async function listUnitActions(db: Db, unitId: number, limit = 100): Promise<UnitActionRecord[]> {
  const rows = await db
    .select()
    .from(unitActions)
    .where(eq(unitActions.unitId, unitId))
    .orderBy(desc(unitActions.requestedAt), desc(unitActions.id))
    .limit(limit);
  return rows.map(toAction);
}

// ───────────── radar ─────────────

export async function radarDates(db: Db, unitId: number, channel?: number): Promise<Array<{ channel: number; ts: Date }>> {
  const rows = await db
    .select({ channel: radarScans.channelNo, ts: radarScans.ts })
    .from(radarScans)
    .where(channel === undefined ? eq(radarScans.unitId, unitId) : and(eq(radarScans.unitId, unitId), eq(radarScans.channelNo, channel)))
    .orderBy(desc(radarScans.ts), asc(radarScans.channelNo))
    .limit(1000);
  return rows;
}

/** The scan at `at` or the latest before it (latest overall without `at`); null when none. */
export async function radarScan(db: Db, unitId: number, channel: number, at?: Date): Promise<RadarScan | null> {
  const [row] = await db
    .select()
    .from(radarScans)
    .where(
      and(eq(radarScans.unitId, unitId), eq(radarScans.channelNo, channel), at ? lte(radarScans.ts, at) : undefined),
    )
    .orderBy(desc(radarScans.ts))
    .limit(1);
  return row ? { unitId, channel, ts: row.ts.toISOString(), data: row.data } : null;
}

// ───────────── channels ─────────────

export async function editChannel(
  db: Db,
  unitId: number,
  channel: number,
  patch: { name?: string; unitOfMeasure?: string },
): Promise<ChannelInfo> {
  const [row] = await db
    .update(channels)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.unitOfMeasure !== undefined ? { unitOfMeasure: patch.unitOfMeasure } : {}),
    })
    .where(and(eq(channels.unitId, unitId), eq(channels.channelNo, channel)))
    .returning();
  if (!row) throw notFound();
  return { ChannelID: row.channelNo, ChannelName: row.name, ChannelKind: row.kind as ChannelKind, UnitOfMeasure: row.unitOfMeasure };
}

export { asUnit };
