/** Unit actions (read data, send settings, restart, …): recorded with their outcome, newest first. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { UnitAction, UnitActionRecord } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { measurementRollups, radarScans, unitActions } from '../../../db/schema';
import type { UnitRow } from '../service';
import { getSettings } from '../settings/service';
import { unitActionsFor, unitDetails } from '../units/service';

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
