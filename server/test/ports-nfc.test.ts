/**
 * A unit's port settings and NFC tag (issue 16 §2): the kind, name, unit of measure and scaling of
 * a channel (GET/PUT /api/v3/device/devices/:id/channels[/:n] and the older GetChannel/EditChannel),
 * the scaling applied to every reading ingested afterwards, the settings document's check of the
 * `ports` section, and changing the NFC tag (PUT /api/v3/device/devices/:id/nfc/tag). Every write:
 * Readers 403, other organisations' units 404, cross-site refused, nothing changed by a refusal.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  MESSAGES,
  NFC_TAG_MESSAGES,
  PORT_MESSAGES,
  type ApiTokenCreated,
  type DeviceData,
  type IngestResult,
  type UnitPorts,
  type UnitSettings,
} from '@fieldwatch/shared';
import { channels, measurementRollups, measurements, nfcTags, units } from '../src/db/schema';
import { DRIVERS, fingerprintDiff, getJson, rawInject, startDemo, tableFingerprint, type DemoServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('port settings and NFC tag on %s', (driver) => {
  let d: DemoServer;
  /** Nordic units with the demo's channel layout (1 analog, 2 formula, 3 pt, 4 switch, 5 battery), one per test. */
  let nordicUnits: number[];
  let balticUnit: number;
  let token: string;

  beforeAll(async () => {
    d = await startDemo(driver);
    const ids = async (org: number) =>
      (
        await d.s.db.db.execute(sql`select u.id from units u where u.organization_id = ${org}
          and u.name not ilike '%Ej installerad%' and u.type < 200
          and exists (select 1 from channels c where c.unit_id = u.id and c.channel_no = 5 and c.kind = 'channel')
          and not exists (select 1 from nfc_tags t where t.unit_id = u.id)
          order by u.id`) as unknown as { rows: Array<{ id: number }> }
      ).rows.map((r) => Number(r.id));
    // Our own loggers (type below 200): every channel kind, numbered 1–8 (third-party sensors have only theirs).
    nordicUnits = await ids(d.nordic);
    balticUnit = (await ids(d.baltic))[0]!;
    const res = await d.s.app.inject({
      method: 'POST',
      url: '/api/v3/admin/tokens',
      headers: { cookie: d.superCookie },
      payload: { name: 'Ports gateway', organizationId: d.nordic },
    });
    token = res.json<Data<ApiTokenCreated>>().data.token;
  }, 120_000);
  afterAll(async () => {
    await d?.s.close();
  });

  const ports = (unit: number, cookie = d.userCookie) => getJson<Data<UnitPorts>>(d.s.app, `/api/v3/device/devices/${unit}/channels`, cookie);
  const setPort = (unit: number, n: number, body: object, cookie = d.userCookie) =>
    d.s.app.inject({ method: 'PUT', url: `/api/v3/device/devices/${unit}/channels/${n}`, headers: { cookie }, payload: body });
  const setTag = (unit: number, tagUuid: string, cookie = d.userCookie) =>
    d.s.app.inject({ method: 'PUT', url: `/api/v3/device/devices/${unit}/nfc/tag`, headers: { cookie }, payload: { tagUuid } });
  const xrequest = (method: string, params: object, cookie = d.userCookie) =>
    d.s.app.inject({ method: 'POST', url: `/api/v1/xrequest/${method}`, headers: { cookie }, payload: params });
  const message = (res: { json: () => unknown }) => (res.json() as { message?: string }).message;
  const channelRow = async (unit: number, n: number) =>
    (await d.s.db.db.select().from(channels).where(and(eq(channels.unitId, unit), eq(channels.channelNo, n))))[0]!;

  describe('port settings', () => {
    it('lists each channel with its kind, unit of measure and scaling (none yet) and the settings revision', async () => {
      const unit = nordicUnits[0]!;
      const { status, body } = await ports(unit);
      expect(status).toBe(200);
      expect(body.data.unitId).toBe(unit);
      expect(body.data.channels.slice(0, 5).map((c) => [c.channelNo, c.kind, c.factor, c.offset])).toEqual([
        [1, 'analog', 1, 0],
        [2, 'formula', 1, 0],
        [3, 'pt', 1, 0],
        [4, 'switch', 1, 0],
        [5, 'channel', 1, 0],
      ]);
      const settings = await getJson<Data<UnitSettings>>(d.s.app, `/api/v2/device/legacy/devices/${unit}/settings`, d.userCookie);
      expect(body.data.revision).toBe(settings.body.data.revision);
      // Readers see them.
      expect((await ports(unit, d.superCookie)).status).toBe(200);
    });

    it('changes kind, name, unit of measure and scaling in one write, under the settings revision', async () => {
      const unit = nordicUnits[1]!;
      const before = (await ports(unit)).body.data;
      const res = await setPort(unit, 1, { kind: 'formula', name: ' Tank level ', unitOfMeasure: 'm', factor: 0.25, offset: -1, revision: before.revision });
      expect(res.statusCode).toBe(200);
      const after = res.json<Data<UnitPorts>>().data;
      expect(after.channels[0]).toEqual({ channelNo: 1, kind: 'formula', name: 'Tank level', unitOfMeasure: 'm', factor: 0.25, offset: -1 });
      expect(after.revision).toBe(before.revision + 1);
      expect(await channelRow(unit, 1)).toMatchObject({ kind: 'formula', name: 'Tank level', unitOfMeasure: 'm' });
      const settings = await getJson<Data<UnitSettings>>(d.s.app, `/api/v2/device/legacy/devices/${unit}/settings`, d.userCookie);
      expect(settings.body.data.settings.ports).toEqual({ ch1Factor: 0.25, ch1Offset: -1 });
      // The same answer through the older API.
      const got = await xrequest('GetChannel', { UnitID: unit, ChannelID: 1 }, d.superCookie);
      expect(got.json()).toEqual([{ UnitID: unit, ChannelID: 1, ChannelName: 'Tank level', ChannelKind: 'formula', UnitOfMeasure: 'm', Factor: 0.25, Offset: -1 }]);
      // A name alone leaves the scaling and the revision as they are.
      const renamed = await setPort(unit, 1, { name: 'Tank' });
      expect(renamed.json<Data<UnitPorts>>().data.revision).toBe(after.revision);
    });

    it('gives a new kind its defaults: a switch drops unit and scaling, a pt measures in °C', async () => {
      const unit = nordicUnits[2]!;
      expect((await setPort(unit, 1, { factor: 4, offset: 2 })).statusCode).toBe(200);
      const toSwitch = await setPort(unit, 1, { kind: 'switch' });
      expect(toSwitch.statusCode).toBe(200);
      expect(toSwitch.json<Data<UnitPorts>>().data.channels[0]).toMatchObject({ kind: 'switch', unitOfMeasure: '', factor: 1, offset: 0 });
      const toPt = await setPort(unit, 1, { kind: 'pt' });
      expect(toPt.json<Data<UnitPorts>>().data.channels[0]).toMatchObject({ kind: 'pt', unitOfMeasure: '°C' });
      expect((await setPort(unit, 1, { unitOfMeasure: 'K', offset: 0.5 })).statusCode).toBe(200);
    });

    it('refuses by kind with the rule’s message and changes nothing', async () => {
      const unit = nordicUnits[3]!;
      const before = await tableFingerprint(d.s.db);
      const cases: Array<[number, object, number, string]> = [
        [1, { factor: 0 }, 400, PORT_MESSAGES.factorInvalid],
        [4, { factor: 2 }, 400, PORT_MESSAGES.switchScaling],
        [4, { unitOfMeasure: 'mA' }, 400, PORT_MESSAGES.switchUnit],
        [1, { kind: 'switch', offset: 3 }, 400, PORT_MESSAGES.switchScaling],
        [3, { unitOfMeasure: 'bar' }, 400, PORT_MESSAGES.ptUnit],
        [5, { kind: 'analog' }, 400, PORT_MESSAGES.kindFixed],
        [1, { kind: 'channel' }, 400, PORT_MESSAGES.kindUnknown],
        [1, { name: '  ' }, 400, PORT_MESSAGES.nameBlank],
        [1, { factor: 2, revision: 9999 }, 409, 'The settings were changed by someone else; reload them and try again'],
        [999, { name: 'Nowhere' }, 404, MESSAGES.notFound],
      ];
      for (const [n, body, status, text] of cases) {
        const res = await setPort(unit, n, body);
        expect([n, body, res.statusCode, message(res)]).toEqual([n, body, status, text]);
      }
      expect((await setPort(unit, 1, {})).statusCode).toBe(400);
      expect(fingerprintDiff(before, await tableFingerprint(d.s.db))).toEqual([]);
    });

    it('refuses Readers (403), other organisations’ units (404) and cross-site writes', async () => {
      const unit = nordicUnits[4]!;
      const before = await tableFingerprint(d.s.db);
      const reader = await setPort(unit, 1, { name: 'X' }, d.readerCookie);
      expect([reader.statusCode, message(reader)]).toEqual([403, MESSAGES.missingAuthority]);
      expect((await setPort(balticUnit, 1, { name: 'X' })).statusCode).toBe(404);
      expect((await ports(balticUnit)).status).toBe(404);
      const cross = await rawInject(d.s.app)({
        method: 'PUT',
        url: `/api/v3/device/devices/${unit}/channels/1`,
        headers: { cookie: d.userCookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        payload: { name: 'X' },
      });
      expect(cross.statusCode).toBe(403);
      const xReader = await xrequest('EditChannel', { UnitID: unit, ChannelID: 1, ChannelKind: 'formula' }, d.readerCookie);
      expect(xReader.statusCode).toBe(403);
      expect((await xrequest('EditChannel', { UnitID: balticUnit, ChannelID: 1, ChannelName: 'X' })).statusCode).toBe(404);
      expect(fingerprintDiff(before, await tableFingerprint(d.s.db))).toEqual([]);
    });

    it('EditChannel is the same write: kind, scaling and the same refusals', async () => {
      const unit = nordicUnits[5]!;
      const ok = await xrequest('EditChannel', { UnitID: unit, ChannelID: 2, ChannelKind: 'analog', Factor: '0,5', Offset: '3' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual([{ UnitID: unit, ChannelID: 2, ChannelName: 'Level formula 1', ChannelKind: 'analog', UnitOfMeasure: '%', Factor: 0.5, Offset: 3 }]);
      const bad = await xrequest('EditChannel', { UnitID: unit, ChannelID: 4, Factor: '2' });
      expect([bad.statusCode, message(bad)]).toEqual([400, PORT_MESSAGES.switchScaling]);
      expect((await xrequest('EditChannel', { UnitID: unit, ChannelID: 2, ChannelKind: 'digital' })).statusCode).toBe(400);
      expect((await xrequest('EditChannel', { UnitID: unit, ChannelID: 2 })).statusCode).toBe(400);
    });

    it('checks the ports section of a whole settings save (only what it changes)', async () => {
      const unit = nordicUnits[6]!;
      const url = `/api/v2/device/legacy/devices/${unit}/settings`;
      const doc = (await getJson<Data<UnitSettings>>(d.s.app, url, d.userCookie)).body.data;
      const save = (ports: object) =>
        d.s.app.inject({ method: 'PUT', url, headers: { cookie: d.userCookie }, payload: { revision: doc.revision, settings: { ...doc.settings, ports } } });
      expect((await save({ ch1Factor: 0 })).statusCode).toBe(400);
      expect(message(await save({ ch4Factor: 3 }))).toBe(`ports.ch4: ${PORT_MESSAGES.switchScaling}`);
      expect((await save({ ch999Factor: 2 })).statusCode).toBe(400);
      expect((await save({ colour: 'red' })).statusCode).toBe(400);
      const one = await d.s.app.inject({ method: 'PUT', url: `/api/v2/device/legacy/devices/${unit}/ports/ch1Factor`, headers: { cookie: d.userCookie }, payload: { value: 0 } });
      expect(one.statusCode).toBe(400);
      const good = await save({ ch1Factor: 2, ch1Offset: 1 });
      expect(good.statusCode).toBe(200);
    });

    it('stores an ingested raw reading scaled (raw × factor + offset), as the data and the rollups read it', async () => {
      const unit = nordicUnits[7]!;
      expect((await setPort(unit, 1, { factor: 2.5, offset: -1 })).statusCode).toBe(200);
      // Long before the demo's history, so the hour holds only these points.
      const ts = new Date('2001-06-01T12:00:00Z');
      const res = await d.s.app.inject({
        method: 'POST',
        url: '/api/v3/ingest',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          points: [
            { unitId: unit, channel: 1, ts: ts.toISOString(), value: 10 },
            { unitId: unit, channel: 2, ts: ts.toISOString(), value: 10 },
            { unitId: unit, channel: 1, ts: new Date(ts.getTime() + 1000).toISOString(), value: 1e308 },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      // 1e308 × 2.5 is not a finite number: refused like any non-number.
      expect(res.json<Data<IngestResult>>().data).toMatchObject({ accepted: 2, rejected: 1, rejections: [{ index: 2, reason: 'value is not a finite number' }] });
      const stored = await d.s.db.db.select().from(measurements).where(and(eq(measurements.unitId, unit), eq(measurements.ts, ts)));
      expect(Object.fromEntries(stored.map((m) => [m.channelNo, m.value]))).toEqual({ 1: 24, 2: 10 });
      const [hour] = await d.s.db.db
        .select()
        .from(measurementRollups)
        .where(and(eq(measurementRollups.unitId, unit), eq(measurementRollups.channelNo, 1), eq(measurementRollups.granularity, 'hour')));
      expect(hour).toMatchObject({ min: 24, max: 24, last: 24 });
      const range = `start=2001-06-01T11:00:00Z&end=2001-06-01T13:00:00Z&channel=1`;
      const data = await getJson<Data<DeviceData>>(d.s.app, `/api/v3/device/devices/${unit}/data?${range}`, d.userCookie);
      expect(data.body.data.channels[0]!.points.map((p) => [p.ts, p.value])).toEqual([[ts.toISOString(), 24]]);
      // A later change of the scaling applies to what arrives after it.
      expect((await setPort(unit, 1, { factor: 1, offset: 0 })).statusCode).toBe(200);
      await d.s.app.inject({
        method: 'POST',
        url: '/api/v3/ingest',
        headers: { authorization: `Bearer ${token}` },
        payload: { points: [{ unitId: unit, channel: 1, ts: new Date(ts.getTime() + 2000).toISOString(), value: 10 }] },
      });
      const all = await d.s.db.db
        .select({ v: measurements.value })
        .from(measurements)
        .where(and(eq(measurements.unitId, unit), eq(measurements.channelNo, 1), sql`${measurements.ts} < '2002-01-01'`))
        .orderBy(measurements.ts);
      expect(all.map((m) => m.v)).toEqual([24, 10]);
    });
  });

  describe('NFC tag', () => {
    const TAG = '5e2a9c41-7b3d-4f60-8a1e-c0ffee000016';
    const tagOf = async (unit: number) =>
      (await getJson<{ tag_uuid: string }>(d.s.app, `/api/v1/nfc/tag?unit=${unit}`, d.userCookie)).body.tag_uuid;

    it('sets, replaces and removes a unit’s tag (normalised to lower case); the unit stays activated', async () => {
      const unit = nordicUnits[8]!;
      const set = await setTag(unit, `  ${TAG.toUpperCase()} `);
      expect(set.statusCode).toBe(200);
      expect(set.json<Data<{ tag_uuid: string }>>().data).toEqual({ tag_uuid: TAG });
      expect(await tagOf(unit)).toBe(TAG);
      const [row] = await d.s.db.db.select().from(nfcTags).where(eq(nfcTags.tagUuid, TAG));
      expect(row!.activatedAt).not.toBeNull();
      // The same tag again changes nothing.
      expect((await setTag(unit, TAG)).statusCode).toBe(200);
      const next = 'aa00bb11-0000-4000-8000-000000000016';
      expect((await setTag(unit, next)).json<Data<{ tag_uuid: string }>>().data.tag_uuid).toBe(next);
      expect(await tagOf(unit)).toBe(next);
      expect(await d.s.db.db.select().from(nfcTags).where(eq(nfcTags.unitId, unit))).toHaveLength(1);
      expect((await setTag(unit, '')).json<Data<{ tag_uuid: string }>>().data.tag_uuid).toBe('');
      expect(await tagOf(unit)).toBe('');
    });

    it('keeps a tag that is not activated yet not activated when it is replaced', async () => {
      const unit = nordicUnits[9]!;
      await d.s.db.db.insert(nfcTags).values({ tagUuid: 'stock-tag-0016', unitId: unit, activatedAt: null });
      expect((await setTag(unit, 'stock-tag-0016-b')).statusCode).toBe(200);
      const [row] = await d.s.db.db.select().from(nfcTags).where(eq(nfcTags.unitId, unit));
      expect(row).toMatchObject({ tagUuid: 'stock-tag-0016-b', activatedAt: null });
    });

    it('refuses a malformed id, and a tag another unit carries (naming it when it is the caller’s)', async () => {
      const unit = nordicUnits[10]!;
      const other = nordicUnits[11]!;
      expect((await setTag(other, 'shared-tag-0016')).statusCode).toBe(200);
      const before = await tableFingerprint(d.s.db);
      for (const bad of ['has space', 'under_score', 'a'.repeat(65), 'Å', 'x.y']) {
        const res = await setTag(unit, bad);
        expect([bad, res.statusCode, message(res)]).toEqual([bad, 400, NFC_TAG_MESSAGES.invalid]);
      }
      const [otherUnit] = await d.s.db.db.select({ name: units.name }).from(units).where(eq(units.id, other));
      const taken = await setTag(unit, 'SHARED-TAG-0016');
      expect([taken.statusCode, message(taken)]).toEqual([409, NFC_TAG_MESSAGES.inUseBy(otherUnit!.name)]);
      // A tag of another organisation's unit: refused without naming that unit.
      const [baltic] = await d.s.db.db.select({ tag: nfcTags.tagUuid }).from(nfcTags).innerJoin(units, eq(units.id, nfcTags.unitId)).where(eq(units.organizationId, d.baltic)).limit(1);
      const foreign = await setTag(unit, baltic!.tag);
      expect([foreign.statusCode, message(foreign)]).toEqual([409, NFC_TAG_MESSAGES.inUse]);
      expect(fingerprintDiff(before, await tableFingerprint(d.s.db))).toEqual([]);
    });

    it('refuses Readers (403), other organisations’ units (404) and cross-site writes', async () => {
      const unit = nordicUnits[12]!;
      const before = await tableFingerprint(d.s.db);
      const reader = await setTag(unit, TAG, d.readerCookie);
      expect([reader.statusCode, message(reader)]).toEqual([403, MESSAGES.missingAuthority]);
      expect((await setTag(balticUnit, TAG)).statusCode).toBe(404);
      const cross = await rawInject(d.s.app)({
        method: 'PUT',
        url: `/api/v3/device/devices/${unit}/nfc/tag`,
        headers: { cookie: d.userCookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        payload: { tagUuid: TAG },
      });
      expect(cross.statusCode).toBe(403);
      expect(fingerprintDiff(before, await tableFingerprint(d.s.db))).toEqual([]);
    });
  });
});
