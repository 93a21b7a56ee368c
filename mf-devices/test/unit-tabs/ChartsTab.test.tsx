import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { type ChannelLimits, type DeviceData, fillLevels, type Marker, sessionStore } from '@fieldwatch/shared';
import { currentLocation, demoUser, type FakeHandler, type FakeReply, fakeServerApi } from '@fieldwatch/shared/testing';
import { ChartsTab } from '../../src/features/unit/charts';
import { options, props, renderTab, UNIT_ID } from './helpers';

// Highcharts in jsdom: the chart is a stub that keeps the options it was given (its click and
// marker handlers included), so a test can read the series and lines and click like a user.
interface StubOptions {
  series: Array<{ type: string; name: string; data?: unknown }>;
  chart: { style: { cursor?: string }; events: { click: (e: unknown) => void } };
  xAxis: { plotLines?: Array<{ value: number; label?: { text: string }; dashStyle: string; events?: { click: (e?: unknown) => void } }> };
  yAxis: Array<{ plotLines?: Array<{ value: number }> }>;
}
let mockOptions: StubOptions | null = null;
jest.mock('highcharts-react-official', () => ({
  __esModule: true,
  default: (p: { options: StubOptions }) => {
    mockOptions = p.options;
    return <div data-testid="hc" />;
  },
}));

const HOUR = 3_600_000;
const now = Math.floor(Date.now() / HOUR) * HOUR;
const T1 = new Date(now - 3 * HOUR).toISOString();
const T2 = new Date(now - 2 * HOUR).toISOString();

function deviceData(): DeviceData {
  return {
    unitId: UNIT_ID,
    start: new Date(now - 168 * HOUR).toISOString(),
    end: new Date(now).toISOString(),
    granularity: 'raw',
    channels: [
      {
        channel: 1,
        name: 'Level',
        unitOfMeasure: 'm',
        points: [
          { ts: T1, value: 2.5, min: 2.5, max: 2.5, count: 1 },
          { ts: T2, value: 3.25, min: 3.25, max: 3.25, count: 1 },
        ],
      },
    ],
  };
}

const limits: ChannelLimits = {
  unitId: UNIT_ID,
  channelNo: 1,
  channelName: 'Level',
  limitKind: 'analog',
  levels: fillLevels([{ level: 1, low: 0.5, high: 4, enabled: true }]),
  alarmTypes: [],
};

const marker = (over: Partial<Marker> = {}): Marker => ({
  id: 31,
  unitId: UNIT_ID,
  channel: 1,
  name: 'Pump swap',
  position: new Date(now - 2.5 * HOUR).toISOString(),
  locked: false,
  comments: 'Work order 4711',
  createdAt: new Date(now - HOUR).toISOString(),
  ...over,
});

interface Server {
  markers: Marker[];
  /** Answers first (undefined: fall through). */
  more?: (method: string, url: string, body: unknown) => FakeReply | undefined;
  data?: () => FakeReply;
}

const base = `/api/v2/device/legacy/devices/${UNIT_ID}/channel/1/markers`;

/** A server keeping channel 1's markers as the real one does (a locked marker: 409 unless unlocked). */
function server(s: Server): FakeHandler {
  let nextId = 100;
  return (method, url, body) => {
    const special = s.more?.(method, url, body);
    if (special) return special;
    if (method === 'GET' && url === `/api/v3/device/devices/${UNIT_ID}/data`)
      return s.data ? s.data() : { status: 200, body: deviceData() };
    if (method === 'GET' && url === `/api/v3/device/devices/${UNIT_ID}/channels/1/limits`) return { status: 200, body: { data: limits } };
    if (method === 'GET' && /\/channel\/\d+\/markers$/.test(url))
      return { status: 200, body: { data: url === base ? s.markers : [] } };
    if (method === 'POST' && url === base) {
      const m = marker({ id: nextId++, ...(body as Partial<Marker>), locked: (body as { locked?: boolean }).locked ?? false });
      s.markers = [...s.markers, m];
      return { status: 201, body: { data: m } };
    }
    const one = new RegExp(`^${base}/(\\d+)$`).exec(url);
    if (one) {
      const m = s.markers.find((x) => x.id === Number(one[1]));
      if (!m) return { status: 404, body: { message: 'Not found' } };
      const patch = (body ?? {}) as Partial<Marker>;
      if (m.locked && patch.locked !== false) return { status: 409, body: { message: 'The marker is locked' } };
      if (method === 'DELETE') {
        s.markers = s.markers.filter((x) => x.id !== m.id);
        return { status: 200, body: { data: { id: m.id } } };
      }
      const updated = { ...m, ...patch };
      s.markers = s.markers.map((x) => (x.id === m.id ? updated : x));
      return { status: 200, body: { data: updated } };
    }
    return { status: 404, body: { message: 'Not found' } };
  };
}

/** The real API client on `handler`, recording each request's params too. */
function clientOn(handler: FakeHandler) {
  const fake = fakeServerApi(handler);
  const sent: Array<{ method: string; url: string; params?: Record<string, unknown> }> = [];
  const adapter = fake.api.http.defaults.adapter as AxiosAdapter;
  fake.api.http.defaults.adapter = (config: InternalAxiosRequestConfig) => {
    sent.push({ method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '', params: config.params });
    return adapter(config);
  };
  return { ...fake, sent };
}

function renderCharts(s: Server, { canEdit = true, url = `/devicemanagement/${UNIT_ID}/charts`, radar = false } = {}) {
  const client = clientOn(server(s));
  const view = renderTab(<ChartsTab {...props({ canEdit, options: { ...options, radar } })} />, { api: client.api, url });
  return { ...view, ...client };
}

const dataRequests = (sent: ReturnType<typeof clientOn>['sent']) => sent.filter((r) => r.url.endsWith('/data'));
const xLines = () => mockOptions!.xAxis.plotLines ?? [];

// The tab's code (and Highcharts) is loaded on demand: load it once before the tests, so their
// waits measure the screen, not the module loading on a busy machine.
beforeAll(async () => {
  await import('../../src/features/unit/charts/ChartsTab');
});

beforeEach(() => {
  mockOptions = null;
  sessionStore.setState({ user: demoUser, refreshKey: 0 });
});

describe('charts tab: measurements', () => {
  test("shows the default channel over the default week, with its alarm limits, markers and latest value", async () => {
    const { sent } = renderCharts({ markers: [marker()] });
    expect(await screen.findByTestId('hc')).toBeTruthy();
    await waitFor(() => expect(xLines()).toHaveLength(1));
    const req = dataRequests(sent)[0]!;
    expect(req.params).toMatchObject({ channel: 1 });
    expect(Date.parse(String(req.params!.end)) - Date.parse(String(req.params!.start))).toBe(168 * HOUR);
    expect(mockOptions!.series.map((s) => [s.type, s.name])).toEqual([['line', 'Level']]);
    await waitFor(() => expect(mockOptions!.yAxis[0]!.plotLines!.map((l) => l.value)).toEqual([0.5, 4]));
    expect(xLines()[0]).toMatchObject({ value: Date.parse(marker().position), label: { text: 'Pump swap' }, dashStyle: 'Dot' });
    expect(screen.getByTestId('latest-value').textContent).toMatch(/^Latest 3\.25 m · /);
    expect(screen.getByTestId('chart-granularity').textContent).toBe('Raw measurements');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveProperty('value', '168');
    expect(screen.getByText("Dashed lines: the channel's alarm limits.")).toBeTruthy();
  });

  test('"Show data as table": the measurements as a captioned table in the chart\'s place, and back', async () => {
    renderCharts({ markers: [] });
    expect(await screen.findByTestId('hc')).toBeTruthy();
    // Described for screen readers: the chart's title and our summary (the accessibility module's).
    expect(mockOptions).toMatchObject({ accessibility: { enabled: true, keyboardNavigation: { enabled: true } } });
    expect((mockOptions as unknown as { accessibility: { description: string } }).accessibility.description).toMatch(/^Measurements from .+ to .+\. Raw measurements\. Series: Level \(m\)\.$/);
    fireEvent.click(screen.getByRole('button', { name: 'Show data as table' }));
    const table = screen.getByRole('table', { name: 'Measurements of Level Raw measurements' });
    expect(screen.queryByTestId('hc')).toBeNull();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Level (m)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(within(rows.at(-1)!).getByRole('cell').textContent).toBe('3.25');
    // The granularity note is in the caption, not drawn over the table.
    expect(screen.queryByTestId('chart-granularity')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show chart' }));
    expect(await screen.findByTestId('hc')).toBeTruthy();
  });

  test('a CO2 sensor opens on its CO2 channel, not on the first one', async () => {
    const client = clientOn(server({ markers: [] }));
    const co2 = {
      ...props().details,
      UnitType: 207,
      Channels: [
        { ChannelID: 3, ChannelName: 'PT 1', ChannelKind: 'pt' as const, UnitOfMeasure: '°C' },
        { ChannelID: 5, ChannelName: 'Battery voltage', ChannelKind: 'channel' as const, UnitOfMeasure: 'V' },
        { ChannelID: 9, ChannelName: 'CO2', ChannelKind: 'analog' as const, UnitOfMeasure: 'ppm' },
      ],
    };
    renderTab(<ChartsTab {...props({ details: co2 })} />, { api: client.api, url: `/devicemanagement/${UNIT_ID}/charts` });
    await waitFor(() => expect(dataRequests(client.sent)[0]?.params).toMatchObject({ channel: 9 }));
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveProperty('value', '9');
  });

  test('another channel or range is asked for, and kept in the URL', async () => {
    const { sent } = renderCharts({ markers: [] });
    await screen.findByTestId('hc');
    fireEvent.change(screen.getByRole('combobox', { name: 'Channel' }), { target: { value: '3' } });
    await waitFor(() => expect(currentLocation()).toBe(`/devicemanagement/${UNIT_ID}/charts?channel=3`));
    await waitFor(() => expect(dataRequests(sent).at(-1)!.params).toMatchObject({ channel: 3 }));
    expect(sent.some((r) => r.url.endsWith('/channel/3/markers'))).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Time range' }), { target: { value: '24' } });
    await waitFor(() => expect(currentLocation()).toBe(`/devicemanagement/${UNIT_ID}/charts?channel=3&hours=24`));
    await waitFor(() => {
      const r = dataRequests(sent).at(-1)!.params!;
      expect(Date.parse(String(r.end)) - Date.parse(String(r.start))).toBe(24 * HOUR);
    });
  });

  test('the URL opens the same chart', async () => {
    const { sent } = renderCharts({ markers: [] }, { url: `/devicemanagement/${UNIT_ID}/charts?channel=2&hours=6` });
    await screen.findByTestId('hc');
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveProperty('value', '2');
    expect(dataRequests(sent)[0]!.params).toMatchObject({ channel: 2 });
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveProperty('value', '6');
  });

  test('loading, then an error with Retry when the measurements fail', async () => {
    let fail = true;
    renderCharts({ markers: [], data: () => (fail ? { status: 500, body: { message: 'boom' } } : { status: 200, body: deviceData() }) });
    expect(await screen.findByRole('progressbar', { name: 'Loading measurements…' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the measurements");
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('hc')).toBeTruthy();
  });

  test('nothing measured in the range: the chart says so, and markers can still be added', async () => {
    renderCharts({ markers: [], data: () => ({ status: 404, body: { message: 'No measurement data found' } }) });
    expect((await screen.findByTestId('no-data')).textContent).toBe(
      'No measurements in this time range. Choose a longer range or another channel.',
    );
    expect(mockOptions!.series).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add marker' })).toBeTruthy();
  });
});

describe('charts tab: markers', () => {
  test('a click on the chart adds a marker there: checked, sent, listed and drawn', async () => {
    const s: Server = { markers: [] };
    const { sent } = renderCharts(s);
    await screen.findByTestId('hc');
    expect(await screen.findByText('No markers on this channel yet.')).toBeTruthy();
    const at = now - 90 * 60_000;
    act(() => mockOptions!.chart.events.click({ xAxis: [{ value: at }] }));
    const dialog = await screen.findByTestId('marker-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Add a marker to Level');
    const when = within(dialog).getByLabelText('Date and time (Europe/Stockholm)') as HTMLInputElement;
    expect(when.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    // A name is required; the dialog says so and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add marker' }));
    expect(within(dialog).getByText('Give the marker a name.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Sensor cleaned ' } });
    fireEvent.change(within(dialog).getByLabelText('Comments'), { target: { value: 'Mud on the probe' } });
    fireEvent.click(within(dialog).getByLabelText(/Lock the marker/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add marker' }));
    await waitFor(() => expect(screen.queryByTestId('marker-dialog')).toBeNull());
    expect(s.markers).toHaveLength(1);
    expect(s.markers[0]).toMatchObject({ name: 'Sensor cleaned', comments: 'Mud on the probe', locked: true });
    // The wall time typed is the clicked minute in the user's zone.
    expect(Math.abs(Date.parse(s.markers[0]!.position) - at)).toBeLessThan(60_000);
    expect(screen.getByTestId('marker-notice').textContent).toBe('Marker "Sensor cleaned" added.');
    const row = screen.getByTestId(`marker-${s.markers[0]!.id}`);
    expect(within(row).getByText('Locked')).toBeTruthy();
    expect(row.getAttribute('data-selected')).toBe('true');
    await waitFor(() => expect(xLines().map((l) => l.label?.text)).toEqual(['Sensor cleaned']));
    expect(xLines()[0]!.dashStyle).toBe('Solid');
  });

  test('edit the comments, lock (no edit or delete while locked), unlock, delete after a confirmation', async () => {
    const s: Server = { markers: [marker()] };
    const { sent } = renderCharts(s);
    const row = await screen.findByTestId('marker-31');
    expect(within(row).getByText('Work order 4711')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Edit marker Pump swap' }));
    const dialog = await screen.findByTestId('marker-dialog');
    expect(within(dialog).getByLabelText('Name')).toHaveProperty('value', 'Pump swap');
    fireEvent.change(within(dialog).getByLabelText('Comments'), { target: { value: 'Work order 4711, pump P-12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save marker' }));
    await waitFor(() => expect(screen.queryByTestId('marker-dialog')).toBeNull());
    // Only what changed is sent.
    const put = sent.filter((r) => r.method === 'PUT');
    expect(put.map((r) => r.url)).toEqual([`${base}/31`]);
    expect(s.markers[0]!.comments).toBe('Work order 4711, pump P-12');
    expect(s.markers[0]!.position).toBe(marker().position);
    expect(screen.getByTestId('marker-notice').textContent).toBe('Marker "Pump swap" saved.');

    fireEvent.click(within(row).getByRole('button', { name: 'Lock marker Pump swap' }));
    await waitFor(() => expect(within(row).getByText('Locked')).toBeTruthy());
    expect(screen.getByTestId('marker-notice').textContent).toBe('Marker "Pump swap" locked.');
    expect(within(row).getByRole('button', { name: 'Edit marker Pump swap' })).toHaveProperty('disabled', true);
    expect(within(row).getByRole('button', { name: 'Delete marker Pump swap' })).toHaveProperty('disabled', true);
    expect(within(row).getByRole('button', { name: 'Delete marker Pump swap' }).getAttribute('title')).toBe(
      'Unlock the marker to change or delete it.',
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Unlock marker Pump swap' }));
    await waitFor(() => expect(within(row).getByText('Open')).toBeTruthy());
    expect(s.markers[0]!.locked).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete marker Pump swap' }));
    const confirm = await screen.findByTestId('delete-marker-dialog');
    expect(confirm.textContent).toMatch(/The marker "Pump swap" at .+ on Level of Pump 07 will be deleted/);
    // Cancel keeps it.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(s.markers).toHaveLength(1);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete marker Pump swap' }));
    fireEvent.click(within(await screen.findByTestId('delete-marker-dialog')).getByRole('button', { name: 'Delete marker' }));
    await waitFor(() => expect(screen.queryByTestId('marker-31')).toBeNull());
    expect(s.markers).toEqual([]);
    expect(screen.getByTestId('marker-notice').textContent).toBe('Marker "Pump swap" deleted.');
    expect(screen.getByText('No markers on this channel yet.')).toBeTruthy();
  });

  test('a failed add keeps the input and says what to do; a marker locked meanwhile is not deleted and the list is reloaded', async () => {
    let failPost = true;
    const s: Server = {
      markers: [marker()],
      more: (method, url) => (method === 'POST' && url === base && failPost ? { status: 500, body: { message: 'boom' } } : undefined),
    };
    const { sent } = renderCharts(s);
    await screen.findByTestId('marker-31');
    fireEvent.click(screen.getByRole('button', { name: 'Add marker' }));
    let dialog = await screen.findByTestId('marker-dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Valve opened' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add marker' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Couldn't add the marker. Your input is still here; try again.",
    );
    expect(within(dialog).getByLabelText('Name')).toHaveProperty('value', 'Valve opened');
    failPost = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add marker' }));
    await waitFor(() => expect(screen.queryByTestId('marker-dialog')).toBeNull());
    expect(s.markers.map((m) => m.name)).toEqual(['Pump swap', 'Valve opened']);

    // Someone else locks it while this page shows it open.
    s.markers = s.markers.map((m) => (m.id === 31 ? { ...m, locked: true } : m));
    const gets = () => sent.filter((r) => r.method === 'GET' && r.url === base).length;
    const before = gets();
    fireEvent.click(screen.getByRole('button', { name: 'Delete marker Pump swap' }));
    dialog = await screen.findByTestId('delete-marker-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete marker' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The marker is locked, so it was not changed. Unlock it first; the list now shows it as it is.',
    );
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(screen.getByTestId('marker-31')).getByText('Locked')).toBeTruthy());
  });

  test('a Reader sees the markers but nothing to change them with', async () => {
    renderCharts({ markers: [marker()] }, { canEdit: false });
    const row = await screen.findByTestId('marker-31');
    expect(within(row).getByText('Pump swap')).toBeTruthy();
    expect(screen.getByText('You can see the markers but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add marker' })).toBeNull();
    expect(within(row).queryAllByRole('button')).toHaveLength(1); // the time only
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    await screen.findByTestId('hc');
    // A click on the chart adds nothing.
    expect(mockOptions!.chart.style.cursor).toBeUndefined();
    act(() => mockOptions!.chart.events.click({ xAxis: [{ value: now - HOUR }] }));
    expect(screen.queryByTestId('marker-dialog')).toBeNull();
  });

  test("a marker's line selects it in the list; one outside the range is brought onto the chart", async () => {
    const old = marker({ id: 40, name: 'Commissioned', position: new Date(now - 60 * 24 * HOUR).toISOString() });
    renderCharts({ markers: [old, marker()] });
    await screen.findByTestId('marker-31');
    await waitFor(() => expect(xLines()).toHaveLength(2));
    act(() => mockOptions!.xAxis.plotLines![1]!.events!.click());
    await waitFor(() => expect(screen.getByTestId('marker-31').getAttribute('data-selected')).toBe('true'));
    const oldRow = screen.getByTestId('marker-40');
    expect(within(oldRow).getByText('outside the shown time range')).toBeTruthy();
    fireEvent.click(within(oldRow).getByRole('button', { name: /:/ }));
    await waitFor(() => expect(currentLocation()).toMatch(/\?from=.+&to=.+$/));
    const q = new URLSearchParams(currentLocation().split('?')[1]);
    expect(Date.parse(q.get('to')!) - Date.parse(q.get('from')!)).toBe(24 * HOUR);
    await waitFor(() => expect(screen.getByTestId('marker-40').getAttribute('data-selected')).toBe('true'));
  });
});

describe('charts tab: radar', () => {
  const radarServer = (more?: Server['more']): Server => ({
    markers: [],
    more: (method, url, body) => {
      const special = more?.(method, url, body);
      if (special) return special;
      if (method === 'POST' && url === '/api/v1/xrequest/GetRadarDates')
        return {
          status: 200,
          body: [
            { UnitID: UNIT_ID, ChannelID: 1, RadarDate: '2026-11-25 10:00:00' },
            { UnitID: UNIT_ID, ChannelID: 1, RadarDate: '2026-11-24 10:00:00' },
          ],
        };
      if (method === 'GET' && url === `/api/v2/device/legacy/devices/${UNIT_ID}/radar/1`)
        return { status: 200, body: { data: { unitId: UNIT_ID, channel: 1, ts: '2026-11-25T10:00:00.000Z', data: [5, 40, 95, 30] } } };
      return undefined;
    },
  });

  test('a unit without radar says "Device not supported"', async () => {
    renderCharts({ markers: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Radar' }));
    const card = await screen.findByTestId('radar-not-supported');
    expect(card.textContent).toContain('Device not supported');
    expect(card.textContent).toContain('This A1 has no radar');
    expect(currentLocation()).toBe(`/devicemanagement/${UNIT_ID}/charts?view=radar`);
  });

  test("a radar unit's scans: the newest first, another one on choice", async () => {
    const { sent } = renderCharts(radarServer(), { radar: true, url: `/devicemanagement/${UNIT_ID}/charts?view=radar` });
    expect(await screen.findByTestId('radar-plot')).toBeTruthy();
    await waitFor(() => expect(mockOptions!.series[0]!.data).toEqual([[1, 5], [2, 40], [3, 95], [4, 30]]));
    expect(screen.getByText('2 scans')).toBeTruthy();
    const scans = () => sent.filter((r) => r.url.endsWith('/radar/1'));
    expect(scans()[0]!.params).toEqual({ timestamp: '2026-11-25T10:00:00.000Z' });
    const select = screen.getByRole('combobox', { name: 'Scan' }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: select.options[1]!.value } });
    await waitFor(() => expect(scans().at(-1)!.params).toEqual({ timestamp: '2026-11-24T10:00:00.000Z' }));
  });

  test('a scan as a table: distance bin and echo', async () => {
    renderCharts(radarServer(), { radar: true, url: `/devicemanagement/${UNIT_ID}/charts?view=radar` });
    expect(await screen.findByTestId('radar-plot')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show data as table' }));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Distance bin', 'Echo (%)']);
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['15', '240', '395', '430']);
    expect(screen.queryByTestId('radar-plot')).toBeNull();
  });

  test('no scans yet, and a failure with Retry', async () => {
    let fail = true;
    renderCharts(
      radarServer((method, url) => {
        if (url !== '/api/v1/xrequest/GetRadarDates') return undefined;
        return fail ? { status: 500, body: { message: 'boom' } } : { status: 200, body: [{}] };
      }),
      { radar: true, url: `/devicemanagement/${UNIT_ID}/charts?view=radar` },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the radar scans");
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No radar scans from this unit yet/)).toBeTruthy();
  });
});
