/**
 * A unit's relay: switching or resetting it is a command (switchRelay with detail "on"/"off", or
 * resetRelay). The relay waits pending (or resetting) with the command's id, and settles when the
 * command ends (commands.ts): acknowledged → on/off (a reset leaves it off), failed or timed out →
 * error, "Error updating relay". A newer switch replaces a pending one (the older command fails).
 */
import type { Relay, RelayRequest } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { conflict } from '../../../http/errors';
import { publishNew } from '../../push/hub';
import { moveCommand, openCommandOf, queueCommand } from '../actions/commands';
import type { UnitRow } from '../service';
import { hasRelay, unitDetails } from '../units/service';
import { getRelay, RELAY_ERROR, writeRelay } from './state';

export { getRelay, RELAY_ERROR };

export const RELAY_REPLACED = 'Replaced by a newer relay command';

/**
 * Asks the unit to switch (`on`) or reset its relay. A unit without a relay, not installed, or out
 * of contact (an active communication-error alarm) cannot take it: the state becomes error and the
 * call answers 409 "Error updating relay" (no command is stored).
 */
export async function setRelay(db: Db, u: UnitRow, req: RelayRequest, userId: number): Promise<Relay> {
  const details = await unitDetails(db, u);
  const ok = hasRelay(u.type) && details.Status !== 'inactive' && details.Status !== 'problem';
  const current = await getRelay(db, u.id);
  const push = { relays: [{ organizationId: u.organizationId, unitId: u.id }] };
  if (!ok) {
    await writeRelay(db, u.id, { state: 'error', on: current.on, commandId: current.commandId, userId });
    await publishNew(db, push);
    throw conflict(RELAY_ERROR);
  }
  const previous = await openCommandOf(db, u.id, ['switchRelay', 'resetRelay']);
  const on = req.reset ? false : (req.on ?? current.on);
  const command = await queueCommand(db, {
    unitId: u.id,
    action: req.reset ? 'resetRelay' : 'switchRelay',
    detail: req.reset ? '' : on ? 'on' : 'off',
    userId,
  });
  const relay = await writeRelay(db, u.id, { state: req.reset ? 'resetting' : 'pending', on, commandId: command.id, userId });
  // The relay no longer waits for the older command: it ends without touching the relay.
  if (previous) await moveCommand(db, previous.id, 'failed', new Date(), RELAY_REPLACED);
  await publishNew(db, push);
  return relay;
}
