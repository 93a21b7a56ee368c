/** A unit's relay: its reported state, and requests to switch or reset it. */
import { eq } from 'drizzle-orm';
import { RELAY_STATES, type Relay, type RelayRequest } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { relays } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import type { UnitRow } from '../service';
import { hasRelay, unitDetails } from '../units/service';

export const RELAY_ERROR = 'Error updating relay';

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
