/**
 * A unit's channels and their port settings: the list, one channel's existence, and the one write
 * of a port — its kind, name and unit of measure (table channels) and its scaling (the settings
 * document's `ports` section, under the document's revision) — checked as a whole by the shared
 * rule (domain/port-settings) and stored in one transaction. The v3 route and the older API's
 * EditChannel both call editPort.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  changePort,
  factorKey,
  offsetKey,
  PORTS_SECTION,
  scalingOf,
  type ChannelInfo,
  type ChannelKind,
  type PortChannel,
  type PortPatch,
  type UnitPorts,
} from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { channels } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import type { UnitRow } from '../service';
import { getSettings, putSettings, SETTINGS_CONFLICT } from '../settings/service';

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

/** The unit's channels with their scaling, and the settings revision the scaling was read at. */
export async function unitPorts(db: Db, unit: UnitRow): Promise<UnitPorts> {
  const [list, settings] = [await unitChannels(db, unit.id), await getSettings(db, unit)];
  const section = settings.settings[PORTS_SECTION];
  return {
    unitId: unit.id,
    revision: settings.revision,
    channels: list.map(
      (c): PortChannel => ({
        channelNo: c.ChannelID,
        kind: c.ChannelKind,
        name: c.ChannelName,
        unitOfMeasure: c.UnitOfMeasure,
        ...scalingOf(section, c.ChannelID),
      }),
    ),
  };
}

/**
 * Changes one port (fields left out keep theirs, or take a new kind's defaults). `revision`: the
 * settings revision the caller read the scaling at; when given and stale, 409 and nothing changes.
 * A problem of the resulting port is a 400 with the rule's message; an unknown channel 404.
 */
export async function editPort(db: Db, unit: UnitRow, channelNo: number, patch: PortPatch, revision?: number): Promise<UnitPorts> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(channels)
      .where(and(eq(channels.unitId, unit.id), eq(channels.channelNo, channelNo)))
      .for('update');
    if (!row) throw notFound();
    const settings = await getSettings(tx, unit);
    if (revision !== undefined && revision !== settings.revision) throw conflict(SETTINGS_CONFLICT);
    const section = settings.settings[PORTS_SECTION] ?? {};
    const current = {
      kind: row.kind as ChannelKind,
      name: row.name,
      unitOfMeasure: row.unitOfMeasure,
      ...scalingOf(section, channelNo),
    };
    const { port, problems } = changePort(current, patch);
    if (problems[0]) throw badRequest(problems[0].message);
    if (port.kind !== current.kind || port.name !== current.name || port.unitOfMeasure !== current.unitOfMeasure)
      await tx
        .update(channels)
        .set({ kind: port.kind, name: port.name, unitOfMeasure: port.unitOfMeasure })
        .where(and(eq(channels.unitId, unit.id), eq(channels.channelNo, channelNo)));
    if (port.factor !== current.factor || port.offset !== current.offset)
      await putSettings(tx, unit, settings.revision, {
        ...settings.settings,
        [PORTS_SECTION]: { ...section, [factorKey(channelNo)]: port.factor, [offsetKey(channelNo)]: port.offset },
      });
  });
  return unitPorts(db, unit);
}
