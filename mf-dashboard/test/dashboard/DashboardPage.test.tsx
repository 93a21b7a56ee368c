import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyDashboardContent, type DashboardContent } from '@fieldwatch/shared';
import { addLinkGroup, addWidget, moveWidgetToGroup } from '../../src/dashboard/board/content-edits';
import { doc, encodeDashboardId, renderDashboard, sessionStore, type Handler } from './harness';

// Fake widgets: they show their link group's values and write bindings and settings. "battery"
// throws, to check the per-widget error boundary.
jest.mock('../../src/dashboard/widget-registry', () => {
  const React = jest.requireActual<typeof import('react')>('react');
  function Fake(props: {
    widget: { id: string; settings: { n?: number } };
    bindings: { units: number[]; timeRange: unknown };
    setBinding(kind: string, v: unknown): void;
    updateSettings(p: object): void;
    readOnly: boolean;
  }) {
    const id = props.widget.id;
    return React.createElement(
      'div',
      { 'data-testid': `fake-${id}` },
      React.createElement('span', { 'data-testid': `units-${id}` }, props.bindings.units.join(',')),
      React.createElement('span', { 'data-testid': `range-${id}` }, JSON.stringify(props.bindings.timeRange)),
      React.createElement('button', { onClick: () => props.setBinding('units', [1, 2]) }, `select ${id}`),
      React.createElement('button', { onClick: () => props.setBinding('units', [7]) }, `select7 ${id}`),
      React.createElement('button', { onClick: () => props.setBinding('timeRange', { hours: 5 }) }, `range ${id}`),
      React.createElement(
        'button',
        { onClick: () => props.updateSettings({ n: (props.widget.settings.n ?? 0) + 1 }) },
        `setting ${id}`,
      ),
    );
  }
  function Crash(): never {
    throw new Error('boom');
  }
  return {
    widgetView: (component: string) => (component === 'battery' ? Crash : Fake),
    preloadWidgets: jest.fn(async () => undefined),
    prepareBoard: jest.fn(),
    DEFERRED_WIDGETS: new Set(),
  };
});

const URL5 = `/dashboard/${encodeDashboardId(5)}`;

/** A custom dashboard: unit list and chart in the default group, a status widget in group "g2". */
function linkedContent(): DashboardContent {
  let c = emptyDashboardContent();
  for (const comp of ['unitList', 'charts', 'temp'] as const) {
    const r = addWidget(c, comp);
    if (!r.ok) throw new Error(r.error);
    c = r.content;
  }
  const g = addLinkGroup(c, 'Pumps');
  if (!g.ok) throw new Error(g.error);
  const m = moveWidgetToGroup(g.content, 'temp-3', g.id!);
  if (!m.ok) throw new Error(m.error);
  return m.content;
}

function server(content: DashboardContent, extra: { put?: Handler; prefs?: unknown } = {}): Handler {
  let current = doc(5, content);
  return (req) => {
    if (req.method === 'GET' && req.url === '/api/v3/user/dashboard/5')
      return { status: 200, body: { data: current } };
    if (req.method === 'GET' && req.url === '/api/v3/user/preferences')
      return {
        status: 200,
        body: {
          data: extra.prefs ?? {
            dateInterval: 2,
            weather: {},
            hiddenWidgets: {},
            filterSettings: {},
            textSearch: '',
          },
        },
      };
    if (req.method === 'PUT' && req.url === '/api/v3/user/dashboard/5') {
      if (extra.put) return extra.put(req);
      const body = req.body as { content: DashboardContent };
      current = {
        ...current,
        content: body.content,
        updatedAt: new Date(Date.parse(current.updatedAt) + 1000).toISOString(),
      };
      return { status: 200, body: { data: current } };
    }
    return { status: 404, body: { message: 'Not found' } };
  };
}

afterEach(() => {
  jest.useRealTimers();
  // View state (selection) is kept per browser session, unsaved changes in localStorage.
  sessionStorage.clear();
  localStorage.clear();
});

describe('/dashboard/:id', () => {
  /** Opens `path` with the overview (server id 1) answered; resolves once the URL holds its encoded id. */
  async function openOverviewAt(path: string) {
    const overview = doc(1, emptyDashboardContent(), { static: 'overview', name: 'Default' });
    renderDashboard(path, (req) =>
      req.url === '/api/v3/user/dashboard/1'
        ? { status: 200, body: { data: overview } }
        : { status: 404, body: {} },
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/dashboard/${encodeDashboardId(1)}`),
    );
  }

  test('"default" opens the overview by its encoded id', async () => {
    await openOverviewAt('/dashboard/default');
    // Built-in names come from the common catalogue.
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    // The overview's widget code was asked for while its content loaded.
    const { preloadWidgets } = jest.requireMock<{ preloadWidgets: jest.Mock }>('../../src/dashboard/widget-registry');
    expect(preloadWidgets).toHaveBeenCalledWith(['status', 'temp', 'battery', 'alarms', 'weather', 'unitMap']);
  });

  test('a path below a dashboard (a mistyped link) opens that dashboard', async () => {
    await openOverviewAt('/dashboard/default/widgets/extra');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
  });

  test('an unknown id says the dashboard was not found', async () => {
    renderDashboard('/dashboard/bm9wZQ==', () => ({ status: 404, body: {} }));
    expect(screen.getAllByText('Dashboard not found').length).toBeGreaterThan(0);
  });

  test('renders each widget in a frame with its translated name and link-group dot', async () => {
    renderDashboard(URL5, server(linkedContent()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ops board' })).toBeTruthy();
    const frames = await screen.findAllByTestId('widget-frame');
    expect(frames.map((f) => f.getAttribute('data-widget'))).toEqual(['unitList', 'charts', 'temp']);
    expect(within(frames[0]!).getByRole('heading', { name: 'Unit list' })).toBeTruthy();
    expect(within(frames[2]!).getByRole('img', { name: 'Link group: Pumps' })).toBeTruthy();
    expect(within(frames[0]!).getByRole('img', { name: 'Link group: Default group' })).toBeTruthy();
    expect(screen.getByTestId('updated-at').textContent).toBe('Updated 10:11:12');
    // The default time range of link groups comes from the client preferences (dateInterval 2 → 24 h).
    await waitFor(() => expect(screen.getByTestId('range-unitList-1').textContent).toBe('{"hours":24}'));
  });

  test('Refresh asks for the units again, then every widget (the refresh key)', async () => {
    const base = server(linkedContent());
    const view = renderDashboard(URL5, (req) =>
      req.method === 'GET' && req.url === '/api/v2/device/devices'
        ? { status: 200, body: { data: [] } }
        : base(req),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Ops board' })).toBeTruthy();
    const before = sessionStore.getState().refreshKey;
    expect(view.requests.some((r) => r.url === '/api/v2/device/devices')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(sessionStore.getState().refreshKey).toBe(before + 1));
    expect(view.requests.filter((r) => r.url === '/api/v2/device/devices')).toHaveLength(1);
    // "Updated" follows the new answer.
    expect(screen.getByTestId('updated-at').textContent).not.toBe('Updated 10:11:12');
  });

  test("link groups: widgets of one group see each other's selection, another group does not", async () => {
    renderDashboard(URL5, server(linkedContent()));
    fireEvent.click(await screen.findByRole('button', { name: 'select unitList-1' }));
    expect(screen.getByTestId('units-charts-2').textContent).toBe('1,2');
    expect(screen.getByTestId('units-unitList-1').textContent).toBe('1,2');
    expect(screen.getByTestId('units-temp-3').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'select7 temp-3' }));
    expect(screen.getByTestId('units-temp-3').textContent).toBe('7');
    expect(screen.getByTestId('units-charts-2').textContent).toBe('1,2');
  });

  test('saves once, 2000 ms after the last of several changes, with updatedAt', async () => {
    jest.useFakeTimers();
    const view = renderDashboard(URL5, server(linkedContent()));
    fireEvent.click(await screen.findByRole('button', { name: 'range unitList-1' }));
    act(() => jest.advanceTimersByTime(1500));
    fireEvent.click(screen.getByRole('button', { name: 'setting charts-2' }));
    act(() => jest.advanceTimersByTime(1500));
    fireEvent.click(screen.getByRole('button', { name: 'range temp-3' }));
    expect(screen.getByTestId('save-state').textContent).toBe('Unsaved changes');
    act(() => jest.advanceTimersByTime(1999));
    expect(view.puts()).toHaveLength(0);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(view.puts()).toHaveLength(1);
    const body = view.puts()[0]!.body as { content: DashboardContent; updatedAt: string };
    expect(body.updatedAt).toBe('2025-01-01T00:00:00.000Z');
    expect(body.content.bindings.default?.timeRange).toEqual({ value: { hours: 5 }, updatedBy: 'unitList-1' });
    expect(body.content.bindings['group-1']?.timeRange).toEqual({ value: { hours: 5 }, updatedBy: 'temp-3' });
    expect(body.content.widgets.find((w) => w.id === 'charts-2')?.settings).toEqual({ n: 1 });
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Saved'));

    // The next save carries the updatedAt the server answered.
    fireEvent.click(screen.getByRole('button', { name: 'setting charts-2' }));
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(view.puts()).toHaveLength(2);
    expect((view.puts()[1]!.body as { updatedAt: string }).updatedAt).toBe('2025-01-01T00:00:01.000Z');
  });

  test('a widget moves and resizes from the keyboard, is announced and saved like a drag', async () => {
    jest.useFakeTimers();
    const view = renderDashboard(URL5, server(linkedContent()));
    await screen.findAllByTestId('widget-frame');
    const handle = screen.getByRole('button', { name: 'Move or resize Temperature' });
    const md = () => {
      const put = view.puts().at(-1)!.body as { content: DashboardContent };
      return Object.fromEntries(put.content.layouts.md.map((it) => [it.i, [it.x, it.y, it.w, it.h]]));
    };
    const before = linkedContent().layouts.md.find((it) => it.i === 'temp-3')!;
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    // Once the grid has animated it to its new place, the widget is scrolled into view.
    act(() => jest.advanceTimersByTime(250));
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
    expect(scrolled.mock.contexts[0]).toBe(handle.closest('section'));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
      `Temperature: column ${before.x}, row ${before.y + 1}, ${before.w} columns wide, ${before.h} rows high`,
    );
    fireEvent.keyDown(handle, { key: 'ArrowDown', shiftKey: true });
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(view.puts()).toHaveLength(1);
    expect(md()['temp-3']).toEqual([before.x - 1, before.y, before.w, before.h + 1]);
    // Other keys are left to the page.
    const other = fireEvent.keyDown(handle, { key: 'a' });
    expect(other).toBe(true);
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  test('a Reader\'s changes stay local: nothing is saved, "View only" is shown', async () => {
    jest.useFakeTimers();
    const view = renderDashboard(URL5, server(linkedContent()), { userType: 2 });
    fireEvent.click(await screen.findByRole('button', { name: 'select unitList-1' }));
    expect(screen.getByTestId('units-charts-2').textContent).toBe('1,2');
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(view.puts()).toHaveLength(0);
    expect(screen.getByTestId('view-only').textContent).toBe('View only');
    expect(screen.queryByTestId('dashboard-menu')).toBeNull();
  });

  test('a crashing widget shows a translated error with Retry; the others keep working', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let c = linkedContent();
    const r = addWidget(c, 'battery');
    if (r.ok) c = r.content;
    renderDashboard(URL5, server(c));
    const frames = await screen.findAllByTestId('widget-frame');
    const battery = frames.find((f) => f.getAttribute('data-widget') === 'battery')!;
    expect(within(battery).getByRole('alert').textContent).toContain('This widget stopped working');
    expect(within(battery).getByRole('button', { name: 'Retry' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'select unitList-1' }));
    expect(screen.getByTestId('units-charts-2').textContent).toBe('1,2');
    fireEvent.click(within(battery).getByRole('button', { name: 'Retry' }));
    expect(within(battery).getByRole('alert')).toBeTruthy();
    quiet.mockRestore();
  });

  test('"Only one map is allowed": a second map from the widget store is refused', async () => {
    let c = emptyDashboardContent();
    const r = addWidget(c, 'unitMap');
    if (r.ok) c = r.content;
    const view = renderDashboard(URL5, server(c));
    fireEvent.click(await screen.findByRole('button', { name: 'Add widget' }));
    const store = await screen.findByTestId('widget-store-dialog');
    fireEvent.click(within(store).getByRole('button', { name: 'Add Alarm map' }));
    expect(view.toasts).toContainEqual({ kind: 'danger', message: 'Only one map is allowed', raw: true });
    expect(screen.getAllByTestId('widget-frame')).toHaveLength(1);
  });

  test('"Link group does not exist": a move to a missing group is refused, and a server 400 is shown', async () => {
    jest.useFakeTimers();
    const view = renderDashboard(
      URL5,
      server(linkedContent(), {
        put: () => ({ status: 400, body: { message: 'Link group does not exist' } }),
      }),
    );
    const before = (await screen.findByTestId('range-charts-2')).textContent;
    fireEvent.click(screen.getByRole('button', { name: 'range unitList-1' }));
    expect(screen.getByTestId('range-charts-2').textContent).toBe('{"hours":5}');
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(view.toasts).toContainEqual({ kind: 'danger', message: 'Link group does not exist', raw: true });
    // The content goes back to what the server last accepted.
    expect(screen.getByTestId('range-charts-2').textContent).toBe(before);
    expect(moveWidgetToGroup(linkedContent(), 'charts-2', 'nope')).toEqual({
      ok: false,
      error: 'Link group does not exist',
    });
  });

  test('moving a widget to a new link group from its menu', async () => {
    renderDashboard(URL5, server(linkedContent()));
    const frames = await screen.findAllByTestId('widget-frame');
    fireEvent.click(within(frames[1]!).getByRole('button', { name: 'Options for Charts' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Move to link group' }));
    const dialog = screen.getByTestId('link-group-dialog');
    fireEvent.click(within(dialog).getByLabelText('Pumps'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(screen.queryByTestId('link-group-dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'select7 temp-3' }));
    expect(screen.getByTestId('units-charts-2').textContent).toBe('7');
  });

  test('renaming and deleting a link group from the move dialog', async () => {
    renderDashboard(URL5, server(linkedContent()));
    const frames = await screen.findAllByTestId('widget-frame');
    const openDialog = () => {
      fireEvent.click(within(frames[2]!).getByRole('button', { name: /^Options for / }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Move to link group' }));
      return screen.getByTestId('link-group-dialog');
    };
    let dialog = openDialog();
    // The default group can be neither renamed nor deleted.
    expect(within(dialog).queryByRole('button', { name: 'Rename link group Default group' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename link group Pumps' }));
    const field = within(dialog).getByLabelText('New name for Pumps');
    fireEvent.change(field, { target: { value: 'North pumps' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(within(dialog).getByLabelText('North pumps')).toBeTruthy();
    expect(frames[2]!.querySelector('[title="Link group: North pumps"]')).not.toBeNull();

    // Escape in the name field cancels the rename only, not the dialog.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename link group North pumps' }));
    fireEvent.keyDown(within(dialog).getByLabelText('New name for North pumps'), { key: 'Escape' });
    expect(screen.getByTestId('link-group-dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText('North pumps')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete link group North pumps' }));
    const confirm = within(dialog).getByRole('group', { name: 'Delete link group North pumps' });
    expect(confirm.textContent).toContain('Its widgets move to the default group');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).queryByLabelText('North pumps')).toBeNull();
    // The group's widget is in the default group now, and follows its selection.
    expect((within(dialog).getByLabelText('Default group') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'select7 unitList-1' }));
    expect(screen.getByTestId('units-temp-3').textContent).toBe('7');
    dialog = openDialog();
    expect(within(dialog).getAllByTestId('link-group-row')).toHaveLength(1);
  });

  test('selecting units is view state: kept for the session, never saved', async () => {
    jest.useFakeTimers();
    const view = renderDashboard(URL5, server(linkedContent()));
    fireEvent.click(await screen.findByRole('button', { name: 'select unitList-1' }));
    expect(screen.getByTestId('units-charts-2').textContent).toBe('1,2');
    expect(screen.getByTestId('save-state').textContent).toBe('Saved');
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(view.puts()).toHaveLength(0);
    // A change the user arranges is saved without the selection.
    fireEvent.click(screen.getByRole('button', { name: 'setting charts-2' }));
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(view.puts()).toHaveLength(1);
    expect((view.puts()[0]!.body as { content: DashboardContent }).content.bindings.default?.units).toBeUndefined();
    expect(JSON.parse(sessionStorage.getItem('fw.dashboard.view.5') ?? '{}').bindings.default.units.value).toEqual([1, 2]);
  });

  test('a 409 keeps the user\'s change and applies it on the fresh version when he asks', async () => {
    jest.useFakeTimers();
    // Elsewhere, the chart was renamed; here, a link group's range was set.
    const elsewhere = linkedContent();
    elsewhere.widgets = elsewhere.widgets.map((w) => (w.id === 'charts-2' ? { ...w, name: 'Flow' } : w));
    let conflicted = false;
    const base = server(linkedContent());
    const bodies: Array<{ content: DashboardContent; updatedAt: string }> = [];
    const view = renderDashboard(URL5, (req) => {
      if (req.method === 'PUT') {
        bodies.push(req.body as { content: DashboardContent; updatedAt: string });
        if (!conflicted) {
          conflicted = true;
          return {
            status: 409,
            body: { message: 'The dashboard was changed elsewhere; reload it and try again', code: 'conflict' },
          };
        }
        const b = req.body as { content: DashboardContent };
        return { status: 200, body: { data: doc(5, b.content, { updatedAt: '2025-02-01T00:00:01.000Z' }) } };
      }
      if (conflicted && req.method === 'GET' && req.url === '/api/v3/user/dashboard/5')
        return { status: 200, body: { data: doc(5, elsewhere, { updatedAt: '2025-02-01T00:00:00.000Z' }) } };
      return base(req);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'range unitList-1' }));
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(screen.getByTestId('save-state').getAttribute('data-status')).toBe('conflict'));
    expect(view.toasts.find((t) => t.kind === 'warning')?.message).toMatch(/changed elsewhere/);
    // The user's change is still there, and nothing more is sent until he chooses.
    expect(screen.getByTestId('range-charts-2').textContent).toBe('{"hours":5}');
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(bodies).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Apply my changes' }));
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Saved'));
    expect(bodies).toHaveLength(2);
    // Based on the fresh version, with both changes.
    expect(bodies[1]!.updatedAt).toBe('2025-02-01T00:00:00.000Z');
    expect(bodies[1]!.content.widgets.find((w) => w.id === 'charts-2')?.name).toBe('Flow');
    expect(bodies[1]!.content.bindings.default?.timeRange?.value).toEqual({ hours: 5 });
    expect(screen.getByRole('heading', { name: 'Flow' })).toBeTruthy();
  });

  test('after a 409 the user may take the other version instead', async () => {
    jest.useFakeTimers();
    const elsewhere = linkedContent();
    elsewhere.widgets = elsewhere.widgets.map((w) => (w.id === 'charts-2' ? { ...w, name: 'Flow' } : w));
    let conflicted = false;
    const base = server(linkedContent());
    const view = renderDashboard(URL5, (req) => {
      if (req.method === 'PUT') {
        conflicted = true;
        return { status: 409, body: { message: 'The dashboard was changed elsewhere; reload it and try again', code: 'conflict' } };
      }
      if (conflicted && req.method === 'GET' && req.url === '/api/v3/user/dashboard/5')
        return { status: 200, body: { data: doc(5, elsewhere, { updatedAt: '2025-02-01T00:00:00.000Z' }) } };
      return base(req);
    });
    const before = (await screen.findByTestId('range-charts-2')).textContent;
    fireEvent.click(screen.getByRole('button', { name: 'range unitList-1' }));
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(screen.getByTestId('save-state').getAttribute('data-status')).toBe('conflict'));
    fireEvent.click(screen.getByRole('button', { name: 'Use the other version' }));
    expect(screen.getByTestId('save-state').textContent).toBe('Saved');
    expect(screen.getByRole('heading', { name: 'Flow' })).toBeTruthy();
    expect(screen.getByTestId('range-charts-2').textContent).toBe(before);
    expect(view.puts()).toHaveLength(1);
  });

  test('an empty custom dashboard invites to add a widget; the store adds it at the first free place', async () => {
    jest.useFakeTimers();
    const view = renderDashboard(URL5, server(emptyDashboardContent()));
    const empty = await screen.findByTestId('dashboard-empty');
    expect(within(empty).getByText('This dashboard is empty')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Add widget' }));
    const store = screen.getByTestId('widget-store-dialog');
    // The store entry itself is announced, not addable; parking widgets need the parking right.
    expect(within(store).queryByRole('button', { name: 'Add Widget store' })).toBeNull();
    expect(within(store).queryByRole('button', { name: 'Add Parking map' })).toBeNull();
    fireEvent.change(within(store).getByRole('searchbox'), { target: { value: 'unit l' } });
    expect(
      within(store)
        .getAllByTestId('store-item')
        .map((e) => e.getAttribute('data-widget')),
    ).toEqual(['unitList']);
    fireEvent.click(within(store).getByRole('button', { name: 'Add Unit list' }));
    fireEvent.click(within(store).getByRole('button', { name: 'Done' }));
    expect(screen.getAllByTestId('widget-frame')).toHaveLength(1);
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    const body = view.puts()[0]!.body as { content: DashboardContent };
    expect(body.content.widgets).toEqual([
      {
        id: 'unitList-1',
        component: 'unitList',
        name: 'unitList',
        group: 'default',
        props: {},
        settings: {},
      },
    ]);
    expect(body.content.layouts.md).toEqual([{ i: 'unitList-1', x: 0, y: 0, w: 6, h: 10, mW: 4, mH: 4 }]);
    expect(body.content.layouts.xs).toEqual([{ i: 'unitList-1', x: 0, y: 0, w: 2, h: 10, mW: 2, mH: 4 }]);
  });

  test('create a dashboard: POST, the session list is refreshed, and it opens', async () => {
    const created = doc(9, emptyDashboardContent(), { name: 'Pumps' });
    const list = [
      ...sessionStore.getState().dashboards,
      { id: 9, name: 'Pumps', static: null, version: '1' },
    ];
    const base = server(linkedContent());
    const view = renderDashboard(URL5, (req) => {
      if (req.url === '/api/v3/user/dashboard/template') return { status: 200, body: { data: [] } };
      if (req.method === 'POST' && req.url === '/api/v3/user/dashboard')
        return { status: 201, body: { data: created } };
      if (req.method === 'GET' && req.url === '/api/v3/user/dashboard')
        return { status: 200, body: { data: list } };
      if (req.url === '/api/v3/user/dashboard/9') return { status: 200, body: { data: created } };
      return base(req);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Dashboard options' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'New dashboard…' }));
    const dialog = screen.getByTestId('create-dashboard-dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Pumps' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/dashboard/${encodeDashboardId(9)}`),
    );
    expect(view.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Pumps',
      templateId: null,
      useContext: true,
    });
    expect(sessionStore.getState().dashboards.map((d) => d.id)).toEqual([1, 2, 5, 9]);
    expect(await screen.findByTestId('dashboard-empty')).toBeTruthy();
  });
});
