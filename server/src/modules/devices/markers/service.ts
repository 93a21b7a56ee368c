/**
 * Markers on a unit's channel chart: a named point in time with comments. A locked marker cannot
 * be changed or deleted until it is unlocked. The rules live here, so both doors (v2 and the older
 * xrequest EditMark/DeleteMark) keep them: a name is stored trimmed and is never blank.
 */
import { and, asc, eq } from 'drizzle-orm';
import { blank, type Marker, type MarkerInput } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { markers } from '../../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../../http/errors';
import { requireChannel } from '../channels/service';
import { requireUnit } from '../service';

export const MARKER_LOCKED = 'The marker is locked';

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

/** A marker's name as stored: trimmed; blank is refused ("Name should not be blank", spec §5). */
export function markerName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest(blank('Name'));
  return trimmed;
}

export async function listMarkers(db: Db, unitId: number, channel?: number): Promise<Marker[]> {
  const rows = await db
    .select()
    .from(markers)
    .where(channel === undefined ? eq(markers.unitId, unitId) : and(eq(markers.unitId, unitId), eq(markers.channelNo, channel)))
    .orderBy(asc(markers.position), asc(markers.id));
  return rows.map(toMarker);
}

export async function createMarker(db: Db, unitId: number, channel: number, input: Omit<MarkerInput, 'position'> & { position: Date }, userId: number): Promise<Marker> {
  const name = markerName(input.name);
  await requireChannel(db, unitId, channel);
  const [row] = await db
    .insert(markers)
    .values({
      unitId,
      channelNo: channel,
      name,
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
  const name = input.name !== undefined ? markerName(input.name) : undefined;
  if (m.locked && input.locked !== false) throw conflict(MARKER_LOCKED);
  const [row] = await db
    .update(markers)
    .set({
      ...(name !== undefined ? { name } : {}),
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
