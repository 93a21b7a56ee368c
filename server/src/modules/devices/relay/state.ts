/**
 * The relays table's one write door and its reading: a relay's state (RELAY_STATES), its position
 * and the command that switches it. Routes change it through relay/service.ts (a new command) and
 * the command life (actions/commands.ts) when the command ends.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { RELAY_STATES, type Relay, type RelayState } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { relays, units } from '../../../db/schema';

type RelayRow = typeof relays.$inferSelect;

/** What a relay that could not be switched says (409 message and the failed command's result). */
export const RELAY_ERROR = 'Error updating relay';

const toRelay = (unitId: number, row: RelayRow | undefined): Relay =>
  row
    ? {
        unitId,
        state: (RELAY_STATES as readonly string[]).includes(row.state) ? (row.state as RelayState) : 'error',
        on: row.on,
        updatedAt: row.updatedAt.toISOString(),
        commandId: row.commandId ?? null,
      }
    : { unitId, state: 'initializing', on: false, updatedAt: null, commandId: null };

export async function getRelay(db: Db, unitId: number): Promise<Relay> {
  const [row] = await db.select().from(relays).where(eq(relays.unitId, unitId));
  return toRelay(unitId, row);
}

/** The stored relays of these units, each with its unit's organisation. */
export async function loadRelays(db: Db, unitIds: readonly number[]): Promise<Array<{ organizationId: number; relay: Relay }>> {
  if (unitIds.length === 0) return [];
  const rows = await db
    .select({ row: relays, org: units.organizationId })
    .from(relays)
    .innerJoin(units, eq(units.id, relays.unitId))
    .where(inArray(relays.unitId, [...unitIds]));
  return rows.map((r) => ({ organizationId: r.org, relay: toRelay(r.row.unitId, r.row) }));
}

export interface RelayWrite {
  state: RelayState;
  on: boolean;
  commandId: number | null;
  userId?: number | null;
  at?: Date;
}

/** Stores the relay's state (insert or replace). */
export async function writeRelay(db: Db, unitId: number, w: RelayWrite): Promise<Relay> {
  const values = {
    unitId,
    state: w.state,
    on: w.on,
    commandId: w.commandId,
    updatedAt: w.at ?? new Date(),
    ...(w.userId !== undefined ? { updatedBy: w.userId } : {}),
  };
  const [row] = await db.insert(relays).values(values).onConflictDoUpdate({ target: relays.unitId, set: values }).returning();
  return toRelay(unitId, row);
}

/**
 * Ends the relay's pending switch or reset when its command ends: only if the relay still waits
 * for that command (a newer command replaced it otherwise). Answers the new relay, or null.
 */
export async function settleRelay(db: Db, unitId: number, commandId: number, w: Omit<RelayWrite, 'commandId'>): Promise<Relay | null> {
  const [row] = await db
    .update(relays)
    .set({ state: w.state, on: w.on, updatedAt: w.at ?? new Date() })
    .where(and(eq(relays.unitId, unitId), eq(relays.commandId, commandId)))
    .returning();
  return row ? toRelay(unitId, row) : null;
}
