/**
 * The life of a command sent to a unit — the one write door of `unit_actions`. A command is stored
 * queued, handed to the unit (sent), and ends acknowledged, failed (the unit refused it) or timedOut
 * (no answer within COMMAND_TIMEOUT_MS of being sent). Unit actions, relay switches and firmware
 * updates all live here; when one ends its effect follows (the relay settles, the unit's firmware
 * version changes, the answer of a data request is recorded), and every change is pushed to the
 * open pages of the unit's organisation.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  COMMAND_TIMEOUT_MS,
  FIRMWARE_SETTING,
  OPEN_COMMAND_STATES,
  type CommandKind,
  type CommandState,
  type UnitActionRecord,
} from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { measurementRollups, radarScans, unitActions, units } from '../../../db/schema';
import { publishNew } from '../../push/hub';
import type { UnitRow } from '../service';
import { getSettings, putSetting } from '../settings/service';
import { RELAY_ERROR, settleRelay } from '../relay/state';
import { loadCommands, type CommandRow } from './records';

export const COMMAND_QUEUED = "Waiting for the unit's next contact";
export const COMMAND_SENT = 'Sent to the unit';
export const COMMAND_REFUSED = 'The unit refused the command';
export const COMMAND_TIMED_OUT = 'The unit did not answer in time';

export interface NewCommand {
  unitId: number;
  action: CommandKind;
  detail?: string;
  userId: number | null;
}

/** Stores new commands (queued) and pushes them; answers them in the order given. */
export async function queueCommands(db: Db, list: readonly NewCommand[], now = new Date()): Promise<UnitActionRecord[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insert(unitActions)
    .values(
      list.map((c) => ({
        unitId: c.unitId,
        action: c.action,
        detail: c.detail ?? '',
        requestedBy: c.userId,
        requestedAt: now,
        status: 'queued' as const,
        result: COMMAND_QUEUED,
      })),
    )
    .returning({ id: unitActions.id });
  const loaded = await loadCommands(
    db,
    rows.map((r) => r.id),
  );
  await publishNew(db, { commands: loaded.map((c) => ({ organizationId: c.organizationId, id: c.record.id })) });
  return loaded.map((c) => c.record);
}

export async function queueCommand(db: Db, c: NewCommand, now = new Date()): Promise<UnitActionRecord> {
  const [r] = await queueCommands(db, [c], now);
  return r!;
}

/** The open command of this kind for the unit, if any (the newest). */
export async function openCommandOf(db: Db, unitId: number, kinds: readonly CommandKind[]): Promise<UnitActionRecord | null> {
  const [row] = await db
    .select({ id: unitActions.id })
    .from(unitActions)
    .where(
      and(
        eq(unitActions.unitId, unitId),
        inArray(unitActions.action, [...kinds]),
        inArray(unitActions.status, [...OPEN_COMMAND_STATES]),
      ),
    )
    .orderBy(sql`${unitActions.id} desc`)
    .limit(1);
  if (!row) return null;
  const [c] = await loadCommands(db, [row.id]);
  return c?.record ?? null;
}

/** What the unit answered to an acknowledged command. */
async function acknowledgedResult(db: Db, row: CommandRow, unit: UnitRow): Promise<string> {
  switch (row.action as CommandKind) {
    case 'getData':
    case 'getRadarAndData': {
      const [m] = await db
        .select({ last: sql<Date | string | null>`max(${measurementRollups.lastTs})` })
        .from(measurementRollups)
        .where(and(eq(measurementRollups.unitId, unit.id), eq(measurementRollups.granularity, 'day')));
      const last = m?.last ? new Date(m.last) : null;
      let result = last ? `Latest data ${last.toISOString()}` : 'No data yet';
      if (row.action === 'getRadarAndData') {
        const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(radarScans).where(eq(radarScans.unitId, unit.id));
        result += `; ${Number(r?.n ?? 0)} radar scans`;
      }
      return result;
    }
    case 'getSettings':
      return `Settings revision ${(await getSettings(db, unit)).revision} read from the unit`;
    case 'sendSettings':
      return `Settings revision ${(await getSettings(db, unit)).revision} applied by the unit`;
    case 'setTime':
      return "The unit's clock was set";
    case 'restart':
      return 'The unit restarted';
    case 'purgeData':
      return "The unit's stored data was purged";
    case 'test':
      return 'Test passed';
    case 'switchRelay':
      return `Relay switched ${row.detail === 'on' ? 'on' : 'off'}`;
    case 'resetRelay':
      return 'Relay reset';
    case 'updateFirmware':
      return `Firmware ${row.detail} installed`;
  }
}

const FROM: Record<Exclude<CommandState, 'queued'>, CommandState[]> = {
  sent: ['queued'],
  acknowledged: ['queued', 'sent'],
  failed: ['queued', 'sent'],
  timedOut: ['sent'],
};

/**
 * Moves a command on in its life; a command no longer in a state it may leave that way (another
 * replica or step moved it first) is left alone and null answered. `reason` is the failure's.
 */
export async function moveCommand(
  db: Db,
  id: number,
  to: Exclude<CommandState, 'queued'>,
  now = new Date(),
  reason?: string,
): Promise<UnitActionRecord | null> {
  const [current] = await db
    .select({ row: unitActions, unit: units })
    .from(unitActions)
    .innerJoin(units, eq(units.id, unitActions.unitId))
    .where(eq(unitActions.id, id));
  if (!current || !FROM[to].includes(current.row.status as CommandState)) return null;
  const { row, unit } = current;
  const relay = row.action === 'switchRelay' || row.action === 'resetRelay';
  let result: string;
  if (to === 'sent') result = COMMAND_SENT;
  else if (to === 'acknowledged') result = await acknowledgedResult(db, row, unit);
  else if (relay) result = reason ?? RELAY_ERROR;
  else result = reason ?? (to === 'failed' ? COMMAND_REFUSED : COMMAND_TIMED_OUT);
  const [moved] = await db
    .update(unitActions)
    .set({
      status: to,
      result,
      ...(to === 'sent' ? { sentAt: now } : { completedAt: now }),
    })
    .where(and(eq(unitActions.id, id), eq(unitActions.status, row.status)))
    .returning({ id: unitActions.id });
  if (!moved) return null;

  const relays: Array<{ organizationId: number; unitId: number }> = [];
  if (relay && to !== 'sent') {
    const on = row.action === 'switchRelay' && row.detail === 'on';
    const settled = await settleRelay(db, unit.id, id, to === 'acknowledged' ? { state: on ? 'on' : 'off', on, at: now } : { state: 'error', on, at: now });
    if (settled) relays.push({ organizationId: unit.organizationId, unitId: unit.id });
  }
  if (row.action === 'updateFirmware' && to === 'acknowledged')
    await putSetting(db, unit, FIRMWARE_SETTING.section, FIRMWARE_SETTING.key, row.detail);

  await publishNew(db, { commands: [{ organizationId: unit.organizationId, id }], relays });
  const [c] = await loadCommands(db, [id]);
  return c?.record ?? null;
}


/** Open commands in one state, oldest first (the open-commands index), at most `limit`. */
export async function openCommands(
  db: Db,
  status: 'queued' | 'sent',
  before: Date,
  limit = 500,
): Promise<Array<Pick<CommandRow, 'id' | 'requestedAt' | 'sentAt'>>> {
  const at = status === 'queued' ? unitActions.requestedAt : unitActions.sentAt;
  return db
    .select({ id: unitActions.id, requestedAt: unitActions.requestedAt, sentAt: unitActions.sentAt })
    .from(unitActions)
    .where(and(eq(unitActions.status, status), lte(at, before)))
    .orderBy(asc(at))
    .limit(limit);
}

/** The timeout watchdog's step: commands sent more than COMMAND_TIMEOUT_MS before `now` time out. */
export async function timeOutCommands(db: Db, now = new Date(), timeoutMs = COMMAND_TIMEOUT_MS): Promise<number[]> {
  const due = await openCommands(db, 'sent', new Date(now.getTime() - timeoutMs));
  const out: number[] = [];
  for (const c of due) if (await moveCommand(db, c.id, 'timedOut', now)) out.push(c.id);
  return out;
}

/** How often the watchdog looks. */
export const COMMAND_WATCHDOG_MS = 10_000;

export interface CommandWatchdog {
  stop(): Promise<void>;
}

/** Runs timeOutCommands every COMMAND_WATCHDOG_MS until stopped (one per app). */
export function startCommandWatchdog(db: Db, log: (err: unknown) => void, everyMs = COMMAND_WATCHDOG_MS): CommandWatchdog {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(() => timeOutCommands(db)).catch(log);
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

