/**
 * /groupmanagement and /locationmanagement against a small in-memory server: the tree, a group's
 * alarm summary, and each container operation (create, rename, move by menu and by drag and drop,
 * delete, units in bulk and by drag and drop) with its success, failure and stale-revision states;
 * a Reader sees no write control.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  CONTAINER_PARENT_CYCLE,
  type Container,
  type ContainerReference,
  MESSAGES,
  sessionStore,
  type Unit,
  USER_TYPES,
} from '@fieldwatch/shared';
import { demoUser, type FakeCall, type FakeReply, renderRemote } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import devices from '@fieldwatch/locales/devices';
import { Route, Routes } from 'react-router-dom';
import { GroupPage, LocationPage } from '../../src/features/containers/ContainerPages';
import { customers, fleet } from '../fixtures';

type Stored = Omit<Container, 'subgroups' | 'updatedAt'>;

const loc = (id: string, name: string, unitIds: number[]): Stored => ({
  id,
  kind: 'location',
  name,
  organizationId: 10,
  parentId: null,
  revision: 1,
  content: unitIds.map((u) => ({ type: 'unit', target: String(u) })),
});
const grp = (id: string, name: string, parentId: string | null, locations: string[]): Stored => ({
  id,
  kind: 'group',
  name,
  organizationId: 10,
  parentId,
  revision: 1,
  content: locations.map((l) => ({ type: 'location', target: l })),
});

/** A tiny containers server: the rules the screens rely on (revisions, names, cycles, all-or-none). */
function server(units: Unit[]) {
  const rows = new Map<string, Stored>(
    [
      grp('north', 'North', null, ['harbour']),
      grp('inner', 'Inner', 'north', ['depot']),
      grp('south', 'South', null, []),
      loc('harbour', 'Harbour', [1, 31]),
      loc('depot', 'Depot', [3]),
      loc('yard', 'Yard', []),
    ].map((r) => [r.id, r]),
  );
  let n = 0;
  /** The next write matching `match` answers `reply` instead. */
  const failures: Array<{ match: (m: string, u: string) => boolean; reply: FakeReply }> = [];
  const view = (r: Stored): Container => ({
    ...r,
    updatedAt: '2024-05-01T00:00:00.000Z',
    subgroups: [...rows.values()].filter((c) => c.parentId === r.id).map((c) => c.id),
  });
  const bad = (message: string): FakeReply => ({ status: 400, body: { message } });
  const handler = (method: string, url: string, body?: unknown): FakeReply => {
    const path = url.split('?')[0]!;
    if (method === 'GET' && path === '/api/v2/device/devices') return { status: 200, body: units };
    if (method === 'GET' && path === '/api/v3/containers') return { status: 200, body: { data: [...rows.values()].map(view) } };
    const f = failures.findIndex((x) => x.match(method, url));
    if (f >= 0) return failures.splice(f, 1)[0]!.reply;
    const b = (body ?? {}) as Record<string, unknown>;
    if (method === 'POST' && path === '/api/v3/containers') {
      const name = typeof b.name === 'string' ? b.name.trim() : '';
      if (!name) return bad(MESSAGES.missingParameters);
      const id = `new${++n}`;
      const row: Stored = { id, kind: b.kind as 'group', name, organizationId: 10, parentId: (b.parentId as string) ?? null, revision: 1, content: [] };
      rows.set(id, row);
      return { status: 201, body: { data: view(row) } };
    }
    const m = /^\/api\/v3\/containers\/([^/]+)(\/units)?$/.exec(path);
    const row = m ? rows.get(decodeURIComponent(m[1]!)) : undefined;
    if (!row) return { status: 404, body: { message: 'Not found' } };
    if (method === 'DELETE') {
      rows.delete(row.id);
      for (const r of rows.values()) r.content = r.content.filter((c) => c.target !== row.id);
      return { status: 200, body: { data: { id: row.id } } };
    }
    if (b.revision !== undefined && b.revision !== row.revision) return { status: 409, body: { message: 'changed', code: 'conflict' } };
    if (m![2]) {
      const ids = (b.units as number[]).map(String);
      for (const r of rows.values()) if (r.kind === 'location') r.content = r.content.filter((c) => !ids.includes(c.target!));
      row.content = [...row.content, ...ids.map((t): ContainerReference => ({ type: 'unit', target: t }))];
      row.revision += 1;
      return { status: 200, body: { data: view(row) } };
    }
    if (b.name !== undefined && !(b.name as string).trim()) return bad(MESSAGES.missingParameters);
    if (b.parentId) {
      for (let p: string | null = b.parentId as string; p; p = rows.get(p)?.parentId ?? null)
        if (p === row.id) return bad(CONTAINER_PARENT_CYCLE);
    }
    Object.assign(row, {
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.parentId !== undefined ? { parentId: b.parentId } : {}),
      ...(b.content !== undefined ? { content: b.content } : {}),
      revision: row.revision + 1,
    });
    return { status: 200, body: { data: view(row) } };
  };
  return { rows, failures, handler };
}

function open(url: string, userType: number = USER_TYPES.User) {
  const s = server(fleet());
  const view = renderRemote({
    element: (
      <Routes>
        <Route path="/groupmanagement" element={<GroupPage />} />
        <Route path="/locationmanagement" element={<LocationPage />} />
      </Routes>
    ),
    url,
    basename: '/',
    namespace: 'devices',
    bundles: { common, devices },
    navigate: jest.fn(),
    handler: s.handler,
    session: { customers, selectedCustomers: [10], user: { ...demoUser, userType } as typeof demoUser, refreshKey: 0, containers: [] },
  });
  const writes = () => view.calls.filter((c: FakeCall) => c.method !== 'GET');
  return { ...s, ...view, writes };
}

const row = (testId: string, name: string) =>
  screen.getAllByTestId(testId).find((r) => within(r).queryByText(name, { selector: 'span' }))!;

async function menu(testId: string, name: string, item: string) {
  fireEvent.click(within(row(testId, name)).getByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

function dragOnto(source: Element, target: Element) {
  const dataTransfer = { setData: jest.fn(), effectAllowed: '', dropEffect: '' };
  fireEvent.dragStart(source, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
  fireEvent.dragEnd(source, { dataTransfer });
}

const notice = () => screen.getByTestId('container-notice').textContent;

beforeEach(() => sessionStore.setState({ containers: [] }));

describe('/groupmanagement', () => {
  test('shows groups → sub-groups → locations, with their unit counts, and fills the session', async () => {
    open('/groupmanagement');
    await screen.findByText('North');
    const north = row('group-row', 'North');
    expect(within(north).getByText('Units: 3')).toBeTruthy(); // Harbour (1, 31) + Inner → Depot (3)
    expect(row('group-row', 'Inner')).toBeTruthy();
    expect(within(row('location-row', 'Depot')).getByText('Units: 1')).toBeTruthy();
    expect(within(screen.getByTestId('loose-locations')).getByText('Yard')).toBeTruthy();
    await waitFor(() => expect(sessionStore.getState().containers).toHaveLength(6));
  });

  test("a selected group shows its alarm summary (the group alarm widget's rule) and its units on a map", async () => {
    open('/groupmanagement');
    fireEvent.click(await screen.findByRole('button', { name: /^North \(/ }));
    const panel = await screen.findByTestId('group-panel');
    // The worst status in words beside its shape, in the tree and the panel's title (not colour alone).
    expect(screen.getByRole('button', { name: 'North (Alarm)' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('North (Alarm)');
    expect(within(panel).getByTestId('summary-alarm').textContent).toContain('1');
    expect(within(panel).getByTestId('summary-ok').textContent).toContain('2');
    // The three units stand on one spot: one marker with their count, in the worst status.
    const map = within(panel).getByTestId('group-map');
    await waitFor(() => expect(map.querySelector('[data-count="3"]')?.getAttribute('data-status')).toBe('alarm'));
  });

  test('creates a group; a blank name is a field message and nothing is sent', async () => {
    const s = open('/groupmanagement');
    await screen.findByText('North');
    fireEvent.click(screen.getByTestId('new-group'));
    const dialog = screen.getByTestId('container-name-dialog');
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByTestId('name-save'));
    expect(await within(dialog).findByText('Missing parameters: enter a name.')).toBeTruthy();
    expect(s.writes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: 'East' } });
    fireEvent.click(within(dialog).getByTestId('name-save'));
    await waitFor(() => expect(notice()).toBe('Group East created'));
    expect(s.writes()).toEqual([{ method: 'POST', url: '/api/v3/containers', body: { kind: 'group', name: 'East' } }]);
    expect(screen.queryByTestId('container-name-dialog')).toBeNull();
    expect(await screen.findByText('East')).toBeTruthy();
  });

  test('creates a location inside a group from its menu; the group then holds it', async () => {
    const s = open('/groupmanagement');
    await screen.findByText('South');
    await menu('group-row', 'South', 'New location here…');
    fireEvent.change(screen.getByLabelText('Location name'), { target: { value: 'Pier' } });
    fireEvent.click(screen.getByTestId('name-save'));
    await waitFor(() => expect(notice()).toBe('Location Pier created'));
    expect(s.rows.get('south')!.content).toEqual([{ type: 'location', name: 'Pier', target: 'new1' }]);
  });

  test('renames; a stale revision keeps the typed name and offers a reload, then saving works', async () => {
    const s = open('/groupmanagement');
    await screen.findByText('South');
    await menu('group-row', 'South', 'Rename…');
    s.rows.get('south')!.revision = 5; // someone else saved meanwhile
    const input = screen.getByLabelText('Group name');
    fireEvent.change(input, { target: { value: 'South coast' } });
    fireEvent.click(screen.getByTestId('name-save'));
    expect(await screen.findByText(/Someone else changed this/)).toBeTruthy();
    expect((screen.getByLabelText('Group name') as HTMLInputElement).value).toBe('South coast');

    fireEvent.click(screen.getByTestId('reload-keep'));
    await waitFor(() => expect(sessionStore.getState().containers.find((c) => c.id === 'south')?.revision).toBe(5));
    fireEvent.click(screen.getByTestId('name-save'));
    await waitFor(() => expect(notice()).toBe('Renamed to South coast'));
    expect(s.rows.get('south')!.name).toBe('South coast');
  });

  test('moves a group with "Move to…"; its own sub-groups are not offered and a server refusal is explained', async () => {
    const s = open('/groupmanagement');
    await screen.findByText('North');
    await menu('group-row', 'North', 'Move to…');
    const options = within(screen.getByTestId('move-target')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['South']); // not itself, not Inner (its sub-group)
    s.failures.push({ match: (m) => m === 'PUT', reply: { status: 400, body: { message: CONTAINER_PARENT_CYCLE } } });
    fireEvent.click(screen.getByTestId('move-confirm'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Choose another group/);
    expect(s.rows.get('north')!.parentId).toBeNull();

    fireEvent.click(screen.getByTestId('move-confirm'));
    await waitFor(() => expect(notice()).toBe('North moved to South'));
    expect(s.rows.get('north')!.parentId).toBe('south');
  });

  test('drag and drop: a group under another, a cycle refused without a call, a location into a group', async () => {
    const s = open('/groupmanagement');
    await screen.findByText('North');
    dragOnto(row('group-row', 'North'), row('group-row', 'Inner'));
    expect(notice()).toMatch(/A group cannot move into itself/);
    expect(s.writes()).toEqual([]);

    dragOnto(row('group-row', 'South'), row('group-row', 'Inner'));
    await waitFor(() => expect(notice()).toBe('South moved to Inner'));
    expect(s.rows.get('south')!.parentId).toBe('inner');

    dragOnto(row('location-row', 'Yard'), row('group-row', 'North'));
    await waitFor(() => expect(notice()).toBe('Yard moved to North'));
    expect(s.rows.get('north')!.content.map((r) => r.target)).toEqual(['harbour', 'yard']);

    // Out of every group: back to "Locations without a group".
    dragOnto(row('location-row', 'Harbour'), screen.getByTestId('loose-locations'));
    await waitFor(() => expect(s.rows.get('north')!.content.map((r) => r.target)).toEqual(['yard']));
  });

  test('deletes after a confirmation naming the group; a failure says "Failed to delete group"', async () => {
    const s = open('/groupmanagement');
    await screen.findByText('South');
    await menu('group-row', 'South', 'Delete…');
    const dialog = screen.getByTestId('container-delete-dialog');
    expect(dialog.textContent).toContain('Delete group South?');
    s.failures.push({ match: (m) => m === 'DELETE', reply: { status: 404, body: { message: 'Failed to delete group' } } });
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    expect(await within(dialog).findByText(/^Failed to delete group\./)).toBeTruthy();
    expect(s.rows.has('south')).toBe(true);

    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(notice()).toBe('South deleted'));
    expect(s.rows.has('south')).toBe(false);
    expect(s.writes().at(-1)).toEqual({ method: 'DELETE', url: '/api/v3/containers/south?revision=1' });
  });
});

describe('/locationmanagement', () => {
  test('bulk: select units and "Move to location…"; a failure says "Failed to move devices" and nothing moves', async () => {
    const s = open('/locationmanagement');
    const harbour = await screen.findByText('Harbour');
    fireEvent.click(harbour);
    fireEvent.click(screen.getByLabelText('Select Pump 01'));
    fireEvent.click(screen.getByLabelText('Select Pump 31'));
    expect(screen.getByTestId('bulk-bar').textContent).toContain('Selected units: 2');
    fireEvent.click(screen.getByTestId('bulk-move'));
    fireEvent.change(screen.getByTestId('move-target'), { target: { value: 'yard' } });
    s.failures.push({ match: (m, u) => m === 'PUT' && u.endsWith('/units'), reply: { status: 404, body: { message: 'Failed to move devices' } } });
    fireEvent.click(screen.getByTestId('move-confirm'));
    expect(await screen.findByText(/^Failed to move devices\./)).toBeTruthy();
    expect(s.rows.get('yard')!.content).toEqual([]);

    fireEvent.click(screen.getByTestId('move-confirm'));
    await waitFor(() => expect(notice()).toBe('Units moved to Yard: 2'));
    expect(s.writes().at(-1)).toEqual({ method: 'PUT', url: '/api/v3/containers/yard/units', body: { units: [1, 31], revision: 1 } });
    expect(s.rows.get('harbour')!.content).toEqual([]);
  });

  test("units are offered only their own organisation's locations", async () => {
    const s = open('/locationmanagement');
    await screen.findByText('Harbour');
    const loose = screen.getByTestId('loose-units');
    fireEvent.click(within(loose).getByText('Units without a location'));
    fireEvent.click(within(loose).getByLabelText('Select Pump 04')); // of customer 11; every location is customer 10's
    fireEvent.click(screen.getByTestId('bulk-move'));
    expect(screen.getByText('There is nowhere to move to in the same organisation.')).toBeTruthy();
    expect((screen.getByTestId('move-confirm') as HTMLButtonElement).disabled).toBe(true);
    const depot = screen.getAllByTestId('location-card').find((c) => c.getAttribute('data-id') === 'depot')!;
    dragOnto(within(loose).getByText('Pump 04').closest('li')!, depot);
    expect(s.writes()).toEqual([]);
  });

  test('drags a unit without a location onto a location', async () => {
    const s = open('/locationmanagement');
    await screen.findByText('Harbour');
    const loose = screen.getByTestId('loose-units');
    fireEvent.click(within(loose).getByText('Units without a location'));
    const unit = within(loose).getByText('Pump 02').closest('li')!;
    const depot = screen.getAllByTestId('location-card').find((c) => c.getAttribute('data-id') === 'depot')!;
    dragOnto(unit, depot);
    await waitFor(() => expect(notice()).toBe('Units moved to Depot: 1'));
    expect(s.rows.get('depot')!.content.map((r) => r.target)).toEqual(['3', '2']);
  });
});

describe('rights', () => {
  test('a Reader sees the tree and the summary but no write control', async () => {
    open('/groupmanagement', USER_TYPES.Reader);
    await screen.findByText('North');
    expect(screen.queryByTestId('new-group')).toBeNull();
    expect(screen.queryByTestId('group-menu')).toBeNull();
    expect(screen.queryByTestId('drop-top-level')).toBeNull();
    expect(row('group-row', 'North').getAttribute('draggable')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^North \(/ }));
    expect(await screen.findByTestId('group-panel')).toBeTruthy();
  });

  test('a Reader gets no selection or bulk move on the location page', async () => {
    open('/locationmanagement', USER_TYPES.Reader);
    fireEvent.click(await screen.findByText('Harbour'));
    await act(async () => undefined);
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.getByText('Pump 01')).toBeTruthy();
  });
});
