/**
 * How a stored command reads as a UnitActionRecord (requestedBy is the username), and loading
 * commands with the organisation of their unit (the push hub fans them out per organisation).
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { CommandKind, CommandState, UnitActionRecord } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { unitActions, units, users } from '../../../db/schema';

export type CommandRow = typeof unitActions.$inferSelect;

export const toCommand = (r: CommandRow, username: string | null): UnitActionRecord => ({
  id: r.id,
  unitId: r.unitId,
  action: r.action as CommandKind,
  status: r.status as CommandState,
  detail: r.detail,
  result: r.result,
  requestedBy: username,
  requestedAt: r.requestedAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  completedAt: r.completedAt?.toISOString() ?? null,
});

const columns = { row: unitActions, username: users.username, org: units.organizationId };

/** The commands with these ids, each with its unit's organisation (missing ids are left out). */
export async function loadCommands(
  db: Db,
  ids: readonly number[],
): Promise<Array<{ organizationId: number; record: UnitActionRecord }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(unitActions)
    .innerJoin(units, eq(units.id, unitActions.unitId))
    .leftJoin(users, eq(users.id, unitActions.requestedBy))
    .where(inArray(unitActions.id, [...ids]))
    .orderBy(unitActions.id);
  return rows.map((r) => ({ organizationId: r.org, record: toCommand(r.row, r.username) }));
}

/** A unit's latest commands, newest first. */
export async function listUnitActions(db: Db, unitId: number, limit = 100): Promise<UnitActionRecord[]> {
  const rows = await db
    .select({ row: unitActions, username: users.username })
    .from(unitActions)
    .leftJoin(users, eq(users.id, unitActions.requestedBy))
    .where(eq(unitActions.unitId, unitId))
    .orderBy(desc(unitActions.requestedAt), desc(unitActions.id))
    .limit(limit);
  return rows.map((r) => toCommand(r.row, r.username));
}
