/** A unit's channels: the list, one channel's existence, and renaming or changing its unit of measure. */
import { and, asc, eq } from 'drizzle-orm';
import type { ChannelInfo, ChannelKind } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { channels } from '../../../db/schema';
import { notFound } from '../../../http/errors';

export async function unitChannels(db: Db, unitId: number): Promise<ChannelInfo[]> {
  const rows = await db.select().from(channels).where(eq(channels.unitId, unitId)).orderBy(asc(channels.channelNo));
  return rows.map((c) => ({
    ChannelID: c.channelNo,
    ChannelName: c.name,
    ChannelKind: c.kind as ChannelKind,
    UnitOfMeasure: c.unitOfMeasure,
  }));
}

export async function requireChannel(db: Db, unitId: number, channel: number): Promise<void> {
  const [row] = await db
    .select({ n: channels.channelNo })
    .from(channels)
    .where(and(eq(channels.unitId, unitId), eq(channels.channelNo, channel)));
  if (!row) throw notFound();
}

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
