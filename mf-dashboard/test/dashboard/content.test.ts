import {
  createBus,
  defaultDashboardContent,
  emptyDashboardContent,
  validateDashboardContent,
  type DashboardContent,
  type Toast,
} from '@fieldwatch/shared';
import {
  addLinkGroup,
  addWidget,
  completeLayouts,
  defaultTimeRange,
  firstFreePlace,
  linkBindings,
  moveWidgetToGroup,
  rebaseContent,
  removeLinkGroup,
  removeWidget,
  renameLinkGroup,
  renameWidget,
  setBinding,
  setLayout,
} from '../../src/dashboard/board/content-edits';
import { createBoard, withoutView } from '../../src/dashboard/board/board-store';
import { messageText } from '../../src/dashboard/board/board-messages';

describe('dashboard content', () => {
  test('first free place fills gaps left to right, top to bottom', () => {
    const items = [
      { i: 'a', x: 0, y: 0, w: 6, h: 4, mW: 2, mH: 3 },
      { i: 'b', x: 0, y: 4, w: 12, h: 4, mW: 2, mH: 3 },
    ];
    expect(firstFreePlace(items, 12, 6, 4)).toEqual({ x: 6, y: 0 });
    expect(firstFreePlace(items, 12, 8, 4)).toEqual({ x: 0, y: 8 });
    expect(firstFreePlace([], 2, 6, 4)).toEqual({ x: 0, y: 0 });
  });

  test('added widgets are valid for the server on every breakpoint; a second map is refused', () => {
    let c = defaultDashboardContent('units');
    const r = addWidget(c, 'charts');
    expect(r.ok).toBe(true);
    if (r.ok) c = r.content;
    expect(validateDashboardContent(c).ok).toBe(true);
    expect(c.layouts.md.find((it) => it.i === r.id)).toEqual({
      i: 'charts-3',
      x: 0,
      y: 12,
      w: 12,
      h: 8,
      mW: 4,
      mH: 4,
    });
    expect(c.layouts.sm.find((it) => it.i === r.id)).toMatchObject({ w: 6, mW: 4 });
    expect(addWidget(c, 'alarmMap')).toEqual({ ok: false, error: 'Only one map is allowed' });
    const removed = removeWidget(c, 'unitMap-2');
    expect(removed.ok && addWidget(removed.content, 'alarmMap').ok).toBe(true);
  });

  test('link groups, bindings and their defaults', () => {
    const g = addLinkGroup(emptyDashboardContent(), 'Pumps');
    expect(g.ok && g.content.linkGroups).toEqual([
      { id: 'default', name: 'default', color: 'group-one' },
      { id: 'group-1', name: 'Pumps', color: 'group-two' },
    ]);
    expect(moveWidgetToGroup(emptyDashboardContent(), 'x', 'ghost')).toEqual({
      ok: false,
      error: 'Link group does not exist',
    });
    const b = setBinding(emptyDashboardContent(), 'default', 'units', [3], 'unitList-1');
    expect(b.ok && b.content.bindings).toEqual({
      default: { units: { value: [3], updatedBy: 'unitList-1' } },
    });
    expect(linkBindings(undefined, defaultTimeRange(undefined))).toEqual({
      units: [],
      timeRange: { hours: 168 },
      channels: [],
    });
    expect(defaultTimeRange(0)).toEqual({ hours: 1 });
  });

  test('the editor refuses what the validator would: at most 100 widgets and 50 link groups', () => {
    let c = emptyDashboardContent();
    for (let i = 0; i < 100; i++) {
      const r = addWidget(c, 'status');
      if (!r.ok) throw new Error(r.error);
      c = r.content;
    }
    expect(validateDashboardContent(c).ok).toBe(true);
    expect(addWidget(c, 'status')).toEqual({ ok: false, error: 'A dashboard holds at most 100 widgets' });
    let g = emptyDashboardContent();
    while (g.linkGroups.length < 50) {
      const r = addLinkGroup(g, `Group ${g.linkGroups.length}`);
      if (!r.ok) throw new Error(r.error);
      g = r.content;
    }
    expect(validateDashboardContent(g).ok).toBe(true);
    expect(addLinkGroup(g, 'One more')).toEqual({
      ok: false,
      error: 'A dashboard has at most 50 link groups',
    });
    // Deleting one makes room again.
    const removed = removeLinkGroup(g, 'group-1');
    expect(removed.ok && addLinkGroup(removed.content, 'One more').ok).toBe(true);
    // The user reads it in their language, with the limit filled in.
    const t = (key: string, o?: Record<string, unknown>) => `${key} ${o?.widgets}/${o?.linkGroups}`;
    expect(messageText(t, 'A dashboard has at most 50 link groups')).toBe(
      'board.errors.tooManyLinkGroups 100/50',
    );
    expect(messageText(t, 'A dashboard holds at most 100 widgets')).toBe(
      'board.errors.tooManyWidgets 100/50',
    );
  });

  test('a link group the user made can be renamed and deleted; the default group stays', () => {
    const added = addLinkGroup(emptyDashboardContent(), 'Pumps');
    if (!added.ok) throw new Error(added.error);
    let c = added.content;
    const added2 = addWidget(c, 'unitList');
    if (!added2.ok) throw new Error(added2.error);
    const moved = moveWidgetToGroup(added2.content, 'unitList-1', 'group-1');
    const bound = moved.ok && setBinding(moved.content, 'group-1', 'units', [3], 'unitList-1');
    if (!bound || !bound.ok) throw new Error('setup');
    c = bound.content;

    const renamed = renameLinkGroup(c, 'group-1', '  North pumps ');
    expect(renamed.ok && renamed.content.linkGroups[1]).toEqual({
      id: 'group-1',
      name: 'North pumps',
      color: 'group-two',
    });
    // A blank name and the default group leave the document as it was.
    expect(renameLinkGroup(c, 'group-1', '   ')).toEqual({ ok: true, content: c });
    expect(renameLinkGroup(c, 'default', 'Mine')).toEqual({ ok: true, content: c });
    expect(renameLinkGroup(c, 'ghost', 'x')).toEqual({ ok: false, error: 'Link group does not exist' });

    const removed = removeLinkGroup(c, 'group-1');
    if (!removed.ok) throw new Error(removed.error);
    expect(removed.content.linkGroups).toEqual([{ id: 'default', name: 'default', color: 'group-one' }]);
    expect(removed.content.widgets.find((w) => w.id === 'unitList-1')?.group).toBe('default');
    expect(removed.content.bindings['group-1']).toBeUndefined();
    expect(validateDashboardContent(removed.content).ok).toBe(true);
    expect(removeLinkGroup(c, 'default')).toEqual({ ok: true, content: c });
    expect(removeLinkGroup(c, 'ghost')).toEqual({ ok: false, error: 'Link group does not exist' });
  });

  test('a layout that did not change is no change; missing items are completed', () => {
    const c = defaultDashboardContent('overview');
    expect(setLayout(c, 'md', c.layouts.md)).toEqual({ ok: true, content: c });
    const moved = setLayout(
      c,
      'md',
      c.layouts.md.map((it) => (it.i === 'status-1' ? { ...it, y: 20 } : it)),
    );
    expect(moved.ok && moved.content.layouts.md.find((it) => it.i === 'status-1')?.y).toBe(20);
    const partial = { ...c, layouts: { ...c.layouts, xs: [] } };
    expect(completeLayouts(partial).xs).toHaveLength(6);
  });

  test('a refused change on the board is a toast and changes nothing', () => {
    const bus = createBus();
    const toasts: Toast[] = [];
    bus.on('toast', (t) => toasts.push(t));
    const doc = {
      id: 1,
      name: 'x',
      static: null,
      version: '1',
      content: emptyDashboardContent(),
      updatedAt: '',
      filter: {},
    };
    const board = createBoard(doc, { api: {} as never, bus, t: (k) => k, readOnly: false });
    expect(board.change((c) => moveWidgetToGroup(c, 'a', 'ghost'))).toBe(false);
    expect(toasts).toEqual([{ kind: 'danger', message: 'board.errors.linkGroupMissing', raw: true }]);
    expect(board.store.getState().revision).toBe(0);
    board.dispose();
  });
});

describe('saving without losing edits (issue 20)', () => {
  const docOf = (content: DashboardContent, updatedAt = '2025-01-01T00:00:00.000Z') => ({
    id: 7,
    name: 'x',
    static: null,
    version: '1',
    content,
    updatedAt,
    filter: {},
  });
  const add = (c: DashboardContent, component: Parameters<typeof addWidget>[1]) => {
    const r = addWidget(c, component);
    if (!r.ok) throw new Error(r.error);
    return r.content;
  };
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  test('rebase: the user\'s added, changed and removed widgets go onto the other version, which keeps its own', () => {
    const base = add(add(emptyDashboardContent(), 'status'), 'battery');
    // Mine: the battery removed, a chart added, status renamed.
    const mine = removeWidget(base, 'battery-2');
    if (!mine.ok) throw new Error();
    const renamed = renameWidget(mine.content, 'status-1', 'Mine');
    if (!renamed.ok) throw new Error();
    const mineContent = add(renamed.content, 'charts');
    // Theirs: a unit list added, the battery renamed.
    const theirs = add(
      { ...base, widgets: base.widgets.map((w) => (w.id === 'battery-2' ? { ...w, name: 'Theirs' } : w)) },
      'unitList',
    );
    const merged = rebaseContent(base, mineContent, theirs);
    expect(merged.widgets.map((w) => [w.id, w.name])).toEqual([
      ['status-1', 'Mine'],
      ['unitList-3', 'unitList'],
      ['charts-2', 'charts'],
    ]);
    expect(validateDashboardContent(merged).ok).toBe(true);
    for (const bp of ['md', 'sm', 'xs'] as const)
      expect(merged.layouts[bp].map((it) => it.i).sort()).toEqual(['charts-2', 'status-1', 'unitList-3']);
  });

  test('selection and tabs are view state: stripped from what is saved, kept for the session', () => {
    let c = add(add(emptyDashboardContent(), 'alarmList'), 'unitList');
    const b = setBinding(c, 'default', 'units', [3], 'unitList-2');
    if (b.ok) c = b.content;
    c = { ...c, widgets: c.widgets.map((w) => (w.component === 'alarmList' ? { ...w, settings: { mode: 'history', sort: 1 } } : w)) };
    const clean = withoutView(c);
    expect(clean.bindings).toEqual({});
    expect(clean.widgets.find((w) => w.component === 'alarmList')?.settings).toEqual({ sort: 1 });
    expect(withoutView(clean)).toBe(clean);

    const board = createBoard(docOf(c), { api: {} as never, bus: createBus(), t: (k) => k, readOnly: false });
    // An old document's selection is not shown again, and nothing is pending because of it.
    expect(board.store.getState().content).toEqual(clean);
    expect(board.store.getState().saveStatus).toBe('saved');
    board.changeView((v) => ({ ...v, settings: { 'alarmList-1': { mode: 'history' } } }));
    expect(board.store.getState().revision).toBe(0);
    board.dispose();
    const again = createBoard(docOf(c), { api: {} as never, bus: createBus(), t: (k) => k, readOnly: false });
    expect(again.store.getState().view.settings).toEqual({ 'alarmList-1': { mode: 'history' } });
    again.dispose();
  });

  test('changes pending when the page is left are kept, and applied on what the server has at the next open', () => {
    const fetchMock = jest.fn(async () => new Response('{}', { status: 409 }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchMock as never;
    try {
      const api = { http: { request: jest.fn(() => new Promise(() => undefined)) } } as never;
      const base = emptyDashboardContent();
      const board = createBoard(docOf(base), { api, bus: createBus(), t: (k) => k, readOnly: false });
      board.change((c) => ({ ok: true, content: add(add(c, 'status'), 'battery') }));
      board.leave();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
      expect(init.keepalive).toBe(true);
      expect(JSON.parse(String(init.body)).content.widgets).toHaveLength(2);
      board.discard();
      // The keepalive lost a race: the server has only what an earlier save wrote (the status widget).
      localStorage.setItem(
        'fw.dashboard.unsaved.7',
        JSON.stringify({ base, content: add(add(base, 'status'), 'battery') }),
      );
      const onServer = add(base, 'status');
      const reopened = createBoard(docOf(onServer, '2025-01-02T00:00:00.000Z'), {
        api,
        bus: createBus(),
        t: (k) => k,
        readOnly: false,
        delayMs: 60_000,
      });
      const s = reopened.store.getState();
      expect(s.content.widgets.map((w) => w.id)).toEqual(['status-1', 'battery-2']);
      expect(s.saveStatus).toBe('pending');
      expect(localStorage.getItem('fw.dashboard.unsaved.7')).toBeNull();
      reopened.discard();
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
