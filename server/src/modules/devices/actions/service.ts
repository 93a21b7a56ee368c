/**
 * Unit actions (read data, send settings, restart, …) for one unit or many: each accepted action is
 * a command (commands.ts) that the unit acknowledges later. What a unit cannot take is refused with
 * a sentence: a unit type without the action ("Device not supported"), a unit not installed.
 */
import { and, inArray } from 'drizzle-orm';
import { MESSAGES, unitStatus, type BulkActionResult, type UnitAction, type UnitActionRecord } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { units } from '../../../db/schema';
import { badRequest, conflict } from '../../../http/errors';
import type { UnitRow } from '../service';
import { asUnit, unitActionsFor } from '../units/service';
import { queueCommand, queueCommands } from './commands';

export { listUnitActions } from './records';

export const NOT_INSTALLED = 'The unit is not installed, so it cannot take commands; install it first';

/** Why the unit cannot take the action, or null when it can. */
export function refusal(u: UnitRow, action: UnitAction): { status: 400 | 409; message: string } | null {
  if (!unitActionsFor(u.type).includes(action)) return { status: 400, message: MESSAGES.deviceNotSupported };
  if (unitStatus(asUnit(u)) === 'inactive') return { status: 409, message: NOT_INSTALLED };
  return null;
}

/** Queues the action for the unit (400 for an action its type does not take, 409 when not installed). */
export async function runUnitAction(db: Db, u: UnitRow, action: UnitAction, userId: number): Promise<UnitActionRecord> {
  const no = refusal(u, action);
  if (no) throw no.status === 400 ? badRequest(no.message) : conflict(no.message);
  return queueCommand(db, { unitId: u.id, action, userId });
}

/**
 * Queues the action for each unit of `orgIds` that can take it; the others are refused with why.
 * A unit that does not exist or belongs to another organisation is refused as 'Not found', the
 * same for both, so nothing about it leaks.
 */
export async function runBulkAction(
  db: Db,
  orgIds: readonly number[],
  unitIds: readonly number[],
  action: UnitAction,
  userId: number,
): Promise<BulkActionResult> {
  const ids = [...new Set(unitIds)];
  const rows =
    orgIds.length === 0
      ? []
      : await db
          .select()
          .from(units)
          .where(and(inArray(units.id, ids), inArray(units.organizationId, [...orgIds])));
  const byId = new Map(rows.map((u) => [u.id, u]));
  const refused: BulkActionResult['refused'] = [];
  const take: UnitRow[] = [];
  for (const id of ids) {
    const u = byId.get(id);
    if (!u) {
      refused.push({ unitId: id, message: MESSAGES.notFound });
      continue;
    }
    const no = refusal(u, action);
    if (no) refused.push({ unitId: id, message: no.message });
    else take.push(u);
  }
  const accepted = await queueCommands(
    db,
    take.map((u) => ({ unitId: u.id, action, userId })),
  );
  return { accepted, refused };
}
