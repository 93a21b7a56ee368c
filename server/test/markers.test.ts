import { eq, sql } from 'drizzle-orm';
import type { Marker } from '@fieldwatch/shared';
import { markers, units } from '../src/db/schema';
import { deleteMarker, MARKER_LOCKED, updateMarker } from '../src/modules/devices/markers/service';
import { DRIVERS, getJson, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };

/**
 * The markers of a channel's chart as the unit page uses them: add, edit, lock, comment, delete —
 * a locked marker only unlocks, a name is never blank, a Reader changes nothing, another
 * organisation's marker is not found; and a marker locked or deleted meanwhile is a 409 or 404.
 */
describe.each(DRIVERS)('chart markers on %s', (driver) => {
  let s: TestServer;
  let userCookie: string;
  let readerCookie: string;
  let superCookie: string;
  let unit: number;
  let foreignUnit: number;
  let base: string;

  beforeAll(async () => {
    s = await startServer(driver);
    userCookie = await login(s.app, 'demo.user');
    readerCookie = await login(s.app, 'demo.reader');
    superCookie = await login(s.app, 'demo.super');
    const mine = sql`${units.organizationId} = (select min(id) from organizations) and ${units.name} not ilike '%Ej installerad%'`;
    // One of our own loggers (type below 200): it has channel 1 (third-party sensors have only theirs).
    unit = (await s.db.db.select().from(units).where(sql`${mine} and ${units.type} < 200`).orderBy(units.id).limit(1))[0]!.id;
    foreignUnit = (await s.db.db.select().from(units).where(sql`${units.organizationId} <> (select min(id) from organizations) and ${units.type} < 200`).orderBy(units.id).limit(1))[0]!.id;
    base = `/api/v2/device/legacy/devices/${unit}/channel/1/markers`;
  });
  afterAll(async () => {
    await s?.close();
  });

  const req = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    s.app.inject({ method, url, headers: { cookie, 'sec-fetch-site': 'same-origin' }, ...(payload ? { payload } : {}) });
  const create = async (body: object) => {
    const res = await req('POST', base, userCookie, body);
    expect(res.statusCode).toBe(201);
    return res.json<Data<Marker>>().data;
  };

  it('lists a channel\'s markers in time order; a name is stored trimmed and never blank', async () => {
    const late = await create({ name: '  Valve opened ', position: '2026-03-02T08:00:00Z' });
    const early = await create({ name: 'Pump swap', position: '2026-03-01T08:00:00Z', comments: 'Work order 4711' });
    expect(late.name).toBe('Valve opened');
    const other = await req('POST', `/api/v2/device/legacy/devices/${unit}/channel/2/markers`, userCookie, {
      name: 'On channel 2',
      position: '2026-03-01T09:00:00Z',
    });
    expect(other.statusCode).toBe(201);
    const list = (await getJson<Data<Marker[]>>(s.app, base, userCookie)).body.data;
    expect(list.map((m) => m.id)).toEqual([early.id, late.id]);
    expect(list[0]).toMatchObject({ comments: 'Work order 4711', locked: false, channel: 1, unitId: unit });

    const blank = await req('POST', base, userCookie, { name: '   ', position: '2026-03-01T08:00:00Z' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Name should not be blank' });
    const blankEdit = await req('PUT', `${base}/${early.id}`, userCookie, { name: ' ' });
    expect(blankEdit.statusCode).toBe(400);
    expect((await req('POST', base, userCookie, { name: 'x', position: 'not a time' })).statusCode).toBe(400);
    expect((await req('PUT', `${base}/${early.id}`, userCookie, {})).statusCode).toBe(400);
    const after = (await getJson<Data<Marker[]>>(s.app, base, userCookie)).body.data;
    expect(after.find((m) => m.id === early.id)!.name).toBe('Pump swap');
  });

  it('edits the text and comments; a locked marker is neither changed nor deleted until unlocked', async () => {
    const m = await create({ name: 'Probe cleaned', position: '2026-03-03T10:00:00Z' });
    const edit = await req('PUT', `${base}/${m.id}`, userCookie, { comments: 'Mud on the probe', name: 'Probe cleaned (P-1)' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json<Data<Marker>>().data).toMatchObject({ comments: 'Mud on the probe', name: 'Probe cleaned (P-1)', locked: false });
    expect(edit.json<Data<Marker>>().data.position).toBe('2026-03-03T10:00:00.000Z');

    expect((await req('PUT', `${base}/${m.id}`, userCookie, { locked: true })).json<Data<Marker>>().data.locked).toBe(true);
    for (const change of [{ comments: 'x' }, { name: 'y' }, { position: '2026-03-04T00:00:00Z' }, { locked: true }]) {
      const refused = await req('PUT', `${base}/${m.id}`, userCookie, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: MARKER_LOCKED });
    }
    expect((await req('DELETE', `${base}/${m.id}`, userCookie)).statusCode).toBe(409);
    const [row] = await s.db.db.select().from(markers).where(eq(markers.id, m.id));
    expect(row).toMatchObject({ name: 'Probe cleaned (P-1)', comments: 'Mud on the probe', locked: true });

    // Unlocking may carry other changes along.
    const unlocked = await req('PUT', `${base}/${m.id}`, userCookie, { locked: false, comments: 'Checked again' });
    expect(unlocked.json<Data<Marker>>().data).toMatchObject({ locked: false, comments: 'Checked again' });
    const gone = await req('DELETE', `${base}/${m.id}`, userCookie);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ data: { id: m.id } });
    expect(await s.db.db.select().from(markers).where(eq(markers.id, m.id))).toEqual([]);
    expect((await req('DELETE', `${base}/${m.id}`, userCookie)).statusCode).toBe(404);
  });

  it('a Reader sees the markers and changes nothing; another organisation\'s unit or a wrong path is not found', async () => {
    // demo.reader reads the second organisation (demo.super belongs to both, demo.user to the first).
    const readerBase = `/api/v2/device/legacy/devices/${foreignUnit}/channel/1/markers`;
    const made = await req('POST', readerBase, superCookie, { name: 'Reader test', position: '2026-03-05T10:00:00Z' });
    expect(made.statusCode).toBe(201);
    const m = made.json<Data<Marker>>().data;
    const seen = await getJson<Data<Marker[]>>(s.app, readerBase, readerCookie);
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((x) => x.name)).toContain('Reader test');
    for (const [method, url, body] of [
      ['POST', readerBase, { name: 'r', position: '2026-03-05T11:00:00Z' }],
      ['PUT', `${readerBase}/${m.id}`, { comments: 'r' }],
      ['PUT', `${readerBase}/${m.id}`, { locked: true }],
      ['DELETE', `${readerBase}/${m.id}`, undefined],
    ] as const) {
      const res = await req(method, url, readerCookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'You are missing authority for this device' });
    }
    const [row] = await s.db.db.select().from(markers).where(eq(markers.id, m.id));
    expect(row).toMatchObject({ comments: '', locked: false });

    // demo.user is not in that organisation: its unit and marker are not found.
    expect((await getJson(s.app, readerBase, userCookie)).status).toBe(404);
    expect((await req('POST', readerBase, userCookie, { name: 'x', position: '2026-03-05T10:00:00Z' })).statusCode).toBe(404);
    expect((await req('DELETE', `${readerBase}/${m.id}`, userCookie)).statusCode).toBe(404);
    // A marker through another channel's or another unit's path.
    const own = await create({ name: 'Path test', position: '2026-03-05T12:00:00Z' });
    expect((await req('PUT', `/api/v2/device/legacy/devices/${unit}/channel/2/markers/${own.id}`, userCookie, { comments: 'x' })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/v2/device/legacy/devices/${foreignUnit}/channel/1/markers/${own.id}`, superCookie)).statusCode).toBe(404);
    expect(await s.db.db.select().from(markers).where(eq(markers.id, own.id))).toHaveLength(1);
  });

  it('a marker locked or deleted by someone else meanwhile is a 409 or 404, never a write over it', async () => {
    const m = await create({ name: 'Race', position: '2026-03-06T10:00:00Z' });
    const [seen] = await s.db.db.select().from(markers).where(eq(markers.id, m.id));
    // Someone locks it after this request read it open.
    await s.db.db.update(markers).set({ locked: true }).where(eq(markers.id, m.id));
    await expect(updateMarker(s.db.db, seen!, { comments: 'late' })).rejects.toMatchObject({ statusCode: 409, message: MARKER_LOCKED });
    await expect(deleteMarker(s.db.db, seen!)).rejects.toMatchObject({ statusCode: 409 });
    const [still] = await s.db.db.select().from(markers).where(eq(markers.id, m.id));
    expect(still).toMatchObject({ comments: '', locked: true });
    // Someone deletes it.
    await s.db.db.delete(markers).where(eq(markers.id, m.id));
    await expect(updateMarker(s.db.db, seen!, { comments: 'late' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(deleteMarker(s.db.db, seen!)).rejects.toMatchObject({ statusCode: 404 });
  });
});
