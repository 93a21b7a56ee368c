import type { ReactElement } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_LINK_GROUP, sessionStore, type DeviceData, type Unit } from '@fieldwatch/shared';
import { type AnswerFn, demoUser, fakeApi, renderRemote } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import dashboard from '@fieldwatch/locales/dashboard';
import type { LinkBindings, WidgetProps } from '../../src/widgets/kit/widget-contract';
import ChartsWidget from '../../src/widgets/charts';
import { chartCsv, derivePalette, Highcharts, fromWallInput, recordsFor, resolveRange, toWallInput } from '@fieldwatch/shared/chart';

// Highcharts in jsdom: most tests look at the options given to a stub; one renders the real chart.
let mockRealChart = false;
jest.mock('highcharts-react-official', () => {
  const actual = jest.requireActual('highcharts-react-official');
  const Real = actual.default ?? actual;
  return {
    __esModule: true,
    default: (props: { options: Record<string, unknown> }) =>
      mockRealChart ? (
        <Real {...props} />
      ) : (
        <div data-testid="hc" data-options={JSON.stringify(props.options, (_k, v) => (typeof v === 'function' ? undefined : v))} />
      ),
  };
});
const mockDownload = jest.fn();
jest.mock('../../src/widgets/kit/csv-download', () => ({
  ...jest.requireActual('../../src/widgets/kit/csv-download'),
  downloadCsv: (...args: unknown[]) => mockDownload(...args),
}));

function unit(id: number, over: Partial<Unit> = {}): Unit {
  return {
    UnitID: id,
    UnitName: `Unit ${id}`,
    UnitLocation: 'Depot',
    UnitType: 1,
    UnitGPSLatitude: 57.7,
    UnitGPSLongitude: 11.97,
    CustomerID: 10,
    AlarmEvents: [],
    ...over,
  };
}
const units = [
  unit(1, { UnitName: 'Well 1', UnitType: 11 }), // analogue: radar too
  unit(2, { UnitName: 'Boiler 2', UnitType: 10 }), // PT
  unit(3, { UnitName: 'Gate 3', UnitType: 21 }), // switch
];
const channelsOf: Record<number, unknown[]> = {
  1: [
    { ChannelID: 0, ChannelName: 'Battery', ChannelKind: 'channel', UnitOfMeasure: 'V' },
    { ChannelID: 1, ChannelName: 'Level', ChannelKind: 'analog', UnitOfMeasure: 'cm' },
    { ChannelID: 2, ChannelName: 'Pressure', ChannelKind: 'analog', UnitOfMeasure: 'bar' },
  ],
  2: [{ ChannelID: 3, ChannelName: 'PT 1', ChannelKind: 'pt', UnitOfMeasure: '°C' }],
  3: [],
};
/** The channels every demo unit carries, and the extras of a CO2 (7) and a climate (8) sensor. */
const seedChannels = [
  { ChannelID: 1, ChannelName: 'Analogue 1', ChannelKind: 'analog', UnitOfMeasure: 'mA' },
  { ChannelID: 2, ChannelName: 'Level formula 1', ChannelKind: 'formula', UnitOfMeasure: '%' },
  { ChannelID: 3, ChannelName: 'PT 1', ChannelKind: 'pt', UnitOfMeasure: '°C' },
  { ChannelID: 4, ChannelName: 'Level switch 1', ChannelKind: 'switch', UnitOfMeasure: '' },
  { ChannelID: 5, ChannelName: 'Battery voltage', ChannelKind: 'channel', UnitOfMeasure: 'V' },
];
channelsOf[7] = [...seedChannels, { ChannelID: 9, ChannelName: 'CO2', ChannelKind: 'analog', UnitOfMeasure: 'ppm' }];
channelsOf[8] = [...seedChannels, { ChannelID: 9, ChannelName: 'Humidity', ChannelKind: 'analog', UnitOfMeasure: '%RH' }];
// Points inside the charted range (presets end now).
const T1 = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000).toISOString();
const T2 = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000).toISOString();
const series = (unitId: number, channel: number, granularity: DeviceData['granularity'] = 'hour'): DeviceData => {
  const ch = (channelsOf[unitId] as Array<{ ChannelID: number; ChannelName: string; UnitOfMeasure: string }>).find((c) => c.ChannelID === channel)!;
  return {
    unitId,
    start: '2026-01-10T00:00:00.000Z',
    end: '2026-01-10T03:00:00.000Z',
    granularity,
    channels: [
      {
        channel,
        name: ch.ChannelName,
        unitOfMeasure: ch.UnitOfMeasure,
        points: [
          { ts: T1, value: 10, min: 8, max: 12, count: 4 },
          { ts: T2, value: 11.5, min: 9, max: 14, count: 4 },
        ],
      },
    ],
  };
};

const dataAnswer: AnswerFn = (url, params) => {
  const m = /devices\/(\d+)\/data$/.exec(url);
  if (m) return [series(Number(m[1]), Number(params?.channel)), false];
  if (/\/limits$/.test(url))
    return [
      {
        unitId: 1,
        channelNo: 1,
        channelName: 'Level',
        limitKind: 'analog',
        levels: [
          { level: 1, low: 2, high: 40, enabled: true },
          { level: 2, low: null, high: null, enabled: false },
        ],
        alarmTypes: [],
      },
      false,
    ];
  if (/\/markers$/.test(url)) return [[{ id: 1, unitId: 1, channel: 1, name: 'Pump service', position: '2026-01-10T01:30:00.000Z', locked: false, comments: '', createdAt: '' }], false];
  return [undefined, true];
};

interface Opts {
  bindings?: Partial<LinkBindings>;
  settings?: Record<string, unknown>;
  answer?: AnswerFn;
  legacy?: (method: string, params: Record<string, unknown>) => unknown[] | Promise<unknown[]>;
  lng?: string;
  units?: Unit[];
  user?: Partial<typeof demoUser>;
}
function renderCharts(o: Opts = {}) {
  sessionStore.setState({ user: { ...demoUser, ...o.user }, refreshKey: 0 });
  const api = fakeApi(o.answer ?? dataAnswer, jest.fn);
  const legacy = api.legacy as unknown as jest.Mock;
  legacy.mockImplementation(async (method: string, params: Record<string, unknown>) => {
    if (o.legacy) return o.legacy(method, params);
    if (method === 'GetChannel') return channelsOf[Number(params.UnitID)] ?? [];
    throw new Error(`API /api/v1/xrequest/${method} failed`);
  });
  const setBinding = jest.fn();
  const updateSettings = jest.fn();
  const props: WidgetProps = {
    widget: { id: 'c1', component: 'charts', name: 'Wells', group: 'default', props: {}, settings: o.settings ?? {} },
    linkGroup: DEFAULT_LINK_GROUP,
    units: o.units ?? units,
    unitsLoadedAt: 1,
    refreshKey: 0,
    bindings: { units: [], timeRange: { hours: 72 }, channels: [], ...o.bindings },
    setBinding,
    updateSettings,
    size: { width: 800, height: 400 },
    readOnly: false,
  };
  const el = (p: WidgetProps): ReactElement => <ChartsWidget {...p} />;
  const view = renderRemote({
    element: el(props),
    url: '/dashboard/default',
    basename: '/dashboard',
    namespace: 'dashboard',
    bundles: { common, dashboard },
    lng: o.lng,
    api,
    navigate: jest.fn(),
  });
  return { ...view, api, legacy, setBinding, updateSettings, props };
}
const chartOptions = () => JSON.parse(screen.getByTestId('hc').getAttribute('data-options')!);

// Let the last loads (limits, markers) settle inside act before the next test.
afterEach(async () => {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
});

beforeEach(() => {
  mockRealChart = false;
  mockDownload.mockReset();
});

describe('charts widget', () => {
  test('the default channel and the channels offered follow the unit type; same names told apart by location', async () => {
    const sensors = [
      unit(7, { UnitName: 'CO2 Classroom', UnitType: 207, UnitLocation: 'School A' }),
      unit(8, { UnitName: 'CO2 Classroom', UnitType: 200, UnitLocation: 'School B' }),
    ];
    const { api } = renderCharts({ units: sensors, bindings: { units: [7, 8] } });
    const entries = await screen.findAllByTestId('chart-series');
    // A CO2 sensor opens on CO2, a temperature/humidity sensor on temperature — not on "Analogue 1 (mA)".
    expect(entries.map((e) => e.textContent)).toEqual([
      'CO2 Classroom · School A · CO211.5 ppm',
      'CO2 Classroom · School B · PT 111.5 °C',
    ]);
    const dataCalls = api.request.mock.calls.map((c) => c[0] as { url: string; params: Record<string, number> });
    expect(dataCalls.map((c) => [c.url, c.params.channel])).toEqual([
      ['/api/v3/device/devices/7/data', 9],
      ['/api/v3/device/devices/8/data', 3],
    ]);
    // The channel picker: only what each type has, under the unit told apart by its place.
    const school = screen.getByText('CO2 Classroom · School B', { selector: 'legend' }).closest('fieldset')!;
    expect(within(school).getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual([
      'PT 1°C',
      'Battery voltageV',
      'Humidity%RH',
    ]);
  });

  test('without units: says where they come from and offers a picker', async () => {
    const { setBinding } = renderCharts();
    // Still so once the (empty) channel lookups have settled.
    await act(async () => {});
    expect(screen.getByText('Select units in a list or on the map of this link group')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'boil' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Boiler 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(setBinding).toHaveBeenCalledWith('units', [2]);
  });

  test('one series per unit × default channel, hourly bands, capped records', async () => {
    const { api } = renderCharts({ bindings: { units: [1, 2] } });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    const entries = await screen.findAllByTestId('chart-series');
    expect(entries.map((e) => e.textContent)).toEqual(['Well 1 · Level11.5 cm', 'Boiler 2 · PT 111.5 °C']);
    expect(screen.getByTestId('chart-granularity').textContent).toBe('Hourly averages with min–max band');
    const opts = chartOptions();
    expect(opts.series.map((s: { type: string }) => s.type)).toEqual(['line', 'line', 'arearange', 'arearange']); // lines first: the keyboard's up/down goes line to line
    expect(opts.yAxis).toHaveLength(2); // cm and °C
    expect(opts.time.timezone).toBe('Europe/Stockholm');
    expect(opts.chart.backgroundColor).toBe('transparent');
    const dataCalls = api.request.mock.calls.map((c) => c[0] as { url: string; params: Record<string, number> });
    expect(dataCalls.map((c) => [c.url, c.params.channel])).toEqual([
      ['/api/v3/device/devices/1/data', 1],
      ['/api/v3/device/devices/2/data', 3],
    ]);
    for (const c of dataCalls) expect(c.params.records).toBeLessThanOrEqual(2500);
    // Two series: no limits fetched.
    expect(api.get.mock.calls.some((c) => /limits/.test(String(c[0])))).toBe(false);
  });

  test('one series: alarm limits and markers as plot lines', async () => {
    const { api } = renderCharts({ bindings: { units: [1] } });
    await screen.findAllByTestId('chart-series');
    await waitFor(() => expect(chartOptions().yAxis[0].plotLines).toHaveLength(2));
    const opts = chartOptions();
    expect(opts.yAxis[0].plotLines.map((l: { value: number }) => l.value)).toEqual([2, 40]);
    expect(opts.xAxis.plotLines[0].label.text).toBe('Pump service');
    expect(api.get).toHaveBeenCalledWith('/api/v3/device/devices/1/channels/1/limits');
  });

  test('the time range is the group\'s: changing it sets the binding', async () => {
    const { setBinding } = renderCharts({ bindings: { units: [1] } });
    await screen.findAllByTestId('chart-series');
    const select = screen.getByRole('combobox', { name: 'Time range' }) as HTMLSelectElement;
    expect(select.value).toBe('72');
    expect([...select.options].map((o) => o.value)).toEqual(['1', '6', '24', '72', '168', '720', '1440', '4380', '8760', 'custom']);
    fireEvent.change(select, { target: { value: '24' } });
    expect(setBinding).toHaveBeenCalledWith('timeRange', { hours: 24 });
    fireEvent.change(select, { target: { value: 'custom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const [, custom] = setBinding.mock.calls.at(-1)!;
    expect(setBinding.mock.calls.at(-1)![0]).toBe('timeRange');
    expect(Date.parse(custom.to) - Date.parse(custom.from)).toBe(72 * 3_600_000);
  });

  test("the custom range is typed in the user's date format and 12 h setting, not the browser's; Channels keeps its place", async () => {
    const { setBinding } = renderCharts({
      bindings: { units: [1], timeRange: { from: '2026-01-10T14:05:00.000Z', to: '2026-01-11T09:30:00.000Z' } },
      user: { timeConfig: { dateFormat: 'MMM DD YYYY', timeFormat: '12h', timezone: 'UTC' } },
    });
    await screen.findAllByTestId('chart-series');
    const channels = screen.getByText(/^Channels/).closest('details')!;
    const channelsBox = () => channels.getBoundingClientRect();
    const before = channelsBox();
    fireEvent.click(screen.getByRole('button', { name: /Jan 10 2026 2:05 PM/ }));
    const from = screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
    const to = screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement;
    expect(from.value).toBe('Jan 10 2026 2:05 PM');
    expect(to.value).toBe('Jan 11 2026 9:30 AM');
    // The Channels button stays where it was: the range (and its form) come after it.
    expect(channelsBox()).toEqual(before);
    expect(channels.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(from, { target: { value: 'Jan 10 2026 1:00 PM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(setBinding).toHaveBeenLastCalledWith('timeRange', { from: '2026-01-10T13:00:00.000Z', to: '2026-01-11T09:30:00.000Z' });
    fireEvent.click(screen.getByRole('button', { name: /Jan 10 2026 2:05 PM/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '2026-01-11T09:30' } });
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('channel picker writes the group\'s channels; chosen channels get one axis per unit of measure', async () => {
    const { setBinding, unmount } = renderCharts({ bindings: { units: [1] } });
    await screen.findAllByTestId('chart-series');
    fireEvent.click(screen.getByRole('checkbox', { name: /Pressure/ }));
    expect(setBinding).toHaveBeenCalledWith('channels', ['1:1', '1:2']);
    unmount();
    renderCharts({ bindings: { units: [1], channels: ['1:1', '1:2'] } });
    expect(await screen.findAllByTestId('chart-series')).toHaveLength(2);
    expect(chartOptions().yAxis.map((a: { title: { text: string } }) => a.title.text)).toEqual(['cm', 'bar']);
  });

  test('raw granularity: lines only', async () => {
    renderCharts({
      bindings: { units: [1], timeRange: { hours: 24 } },
      answer: (url, params) => (/data$/.test(url) ? [series(1, Number(params?.channel), 'raw'), false] : [undefined, true]),
    });
    await screen.findAllByTestId('chart-series');
    expect(screen.getByTestId('chart-granularity').textContent).toBe('Raw measurements');
    expect(chartOptions().series.map((s: { type: string }) => s.type)).toEqual(['line']);
  });

  test('no measurements (404) is an empty state, not an error', async () => {
    renderCharts({
      bindings: { units: [1] },
      answer: (url) => (/data$/.test(url) ? [{ message: 'No measurement data found', code: 'no_data' }, false] : [undefined, true]),
    });
    expect(await screen.findByText('No measurements in this time range')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Time range' })).toBeTruthy();
  });

  test('error with retry', async () => {
    let fail = true;
    const { api } = renderCharts({
      bindings: { units: [1] },
      answer: (url, params) => (fail ? [undefined, true] : dataAnswer(url, params)),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the measurements');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('chart-series')).toHaveLength(1);
    expect(api.request.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  test('CSV of the shown series; hiding a series leaves it out', async () => {
    renderCharts({ bindings: { units: [1, 2] } });
    const entries = await screen.findAllByTestId('chart-series');
    fireEvent.click(within(entries[1]!).getByRole('button'));
    fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
    expect(mockDownload).toHaveBeenCalledTimes(1);
    const [name, csv] = mockDownload.mock.calls[0] as [string, string];
    expect(name).toBe('Wells');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Time,"Time (ISO 8601, UTC)",Well 1 · Level (cm),Well 1 · Level (cm) min,Well 1 · Level (cm) max');
    expect(lines[1]).toMatch(new RegExp(`^\\d\\d \\w{3} \\d{4} \\d\\d:00:00,${T1.replace(/\./g, '\\.')},10,8,12$`));
    expect(lines[2]).toMatch(/,11\.5,9,14$/);
    expect(lines).toHaveLength(3);
  });

  test('radar mode: latest scan with a date picker', async () => {
    const { updateSettings } = renderCharts({
      bindings: { units: [1] },
      settings: { mode: 'radar' },
      legacy: (method) =>
        method === 'GetRadarDates'
          ? [
              { UnitID: 1, ChannelID: 1, RadarDate: '2026-01-10 08:00:00' },
              { UnitID: 1, ChannelID: 1, RadarDate: '2026-01-09 08:00:00' },
            ]
          : [],
      answer: (url) => (/radar\/1$/.test(url) ? [{ unitId: 1, channel: 1, ts: '2026-01-10T08:00:00Z', data: [5, 20, 80, 30] }, false] : [undefined, true]),
    });
    expect(await screen.findByTestId('radar-plot')).toBeTruthy();
    const dates = screen.getByRole('combobox', { name: 'Scan' }) as HTMLSelectElement;
    expect([...dates.options].map((o) => o.textContent)).toEqual(['10 Jan 2026 09:00', '09 Jan 2026 09:00']);
    expect(chartOptions().series[0].data).toEqual([[1, 5], [2, 20], [3, 80], [4, 30]]);
    fireEvent.click(screen.getByRole('button', { name: 'Telemetry' }));
    expect(updateSettings).toHaveBeenCalledWith({ mode: 'telemetry' });
  });

  test('radar toggle only for radar units', async () => {
    renderCharts({ bindings: { units: [2] } });
    await screen.findAllByTestId('chart-series');
    expect(screen.queryByRole('button', { name: 'Radar' })).toBeNull();
  });

  test('in Swedish', async () => {
    renderCharts({ lng: 'sv' });
    await act(async () => {});
    expect(screen.getByText('Välj enheter i en lista eller på kartan i den här länkgruppen')).toBeTruthy();
  });

  test('renders with the real Highcharts', async () => {
    mockRealChart = true;
    const { container } = renderCharts({ bindings: { units: [1, 2] } });
    await screen.findAllByTestId('chart-series');
    await waitFor(() => expect(container.querySelector('svg.highcharts-root')).toBeTruthy());
    expect(container.querySelectorAll('.highcharts-series.highcharts-line-series').length).toBe(2);
    expect(container.querySelectorAll('.highcharts-series.highcharts-arearange-series').length).toBe(2);
  });

  test('accessible: the accessibility module describes the chart in our words and walks the line points, not the bands', async () => {
    mockRealChart = true;
    const { container } = renderCharts({ bindings: { units: [1, 2] } });
    await screen.findAllByTestId('chart-series');
    await waitFor(() => expect(container.querySelector('svg.highcharts-root')).toBeTruthy());
    // The screen reader section before the chart: the widget's name and our summary.
    const before = await waitFor(() => {
      const el = container.querySelector('[id^="highcharts-screen-reader-region-before-"]');
      expect(el).toBeTruthy();
      return el!;
    });
    expect(before.textContent).toContain('Wells');
    expect(before.textContent).toMatch(/Measurements from .+ to .+\. Hourly averages with min–max band\./);
    expect(before.textContent).toContain('Series: Well 1 · Level (cm); Boiler 2 · PT 1 (°C).');
    // Series: the lines, told with their points and unit; the bands are left out.
    expect([...container.querySelectorAll('.highcharts-series[aria-label]')].map((g) => g.getAttribute('aria-label'))).toEqual([
      'Well 1 · Level, 2 points, unit cm.',
      'Boiler 2 · PT 1, 2 points, unit °C.',
    ]);
    expect(container.querySelector('.highcharts-arearange-series')!.getAttribute('aria-hidden')).toBe('true');
    // A point as the keyboard reaches it (jsdom lays nothing out, so ask the chart's formatter).
    const chart = Highcharts.charts.find((c) => c && container.contains(c.container))!;
    const line = chart.series.find((x) => x.type === 'line')!;
    const describe = chart.options.accessibility!.point!.descriptionFormatter!;
    expect(describe(line.points[1]!)).toMatch(/, Well 1 · Level: 11\.5 cm \(min 9, max 14\)\.$/);
  });

  test('"Show data as table": the chart\'s data as a table with caption and headers, and back', async () => {
    renderCharts({ bindings: { units: [1, 2] } });
    await screen.findAllByTestId('chart-series');
    fireEvent.click(screen.getByRole('button', { name: 'Show data as table' }));
    // Captioned by the widget's name and what the values are.
    const table = screen.getByRole('table', { name: 'Wells Hourly averages with min–max band' });
    expect(screen.queryByTestId('hc')).toBeNull();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Time',
      'Well 1 · Level (cm) mean',
      'Well 1 · Level (cm) min',
      'Well 1 · Level (cm) max',
      'Boiler 2 · PT 1 (°C) mean',
      'Boiler 2 · PT 1 (°C) min',
      'Boiler 2 · PT 1 (°C) max',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toMatch(/\d{2}:\d{2}/);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['11.5', '9', '14', '11.5', '9', '14']);
    // A hidden series leaves the table too.
    fireEvent.click(screen.getAllByTestId('chart-series')[1]!.querySelector('button')!);
    expect(within(screen.getByRole('table', { name: /^Wells/ })).getAllByRole('columnheader')).toHaveLength(4);
    // The scroll box is reachable by keyboard.
    expect(screen.getByTestId('chart-table').getAttribute('tabindex')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Show chart' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('hc')).toBeTruthy();
  });

  test('the table in Danish', async () => {
    renderCharts({ bindings: { units: [2] }, lng: 'da' });
    await screen.findAllByTestId('chart-series');
    fireEvent.click(screen.getByRole('button', { name: 'Vis data som tabel' }));
    expect(screen.getByRole('table', { name: 'Wells Timegennemsnit med min–maks-bånd' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vis graf' })).toBeTruthy();
  });
});

describe('chart helpers', () => {
  const tc = { dateFormat: 'DD MMM YYYY' as const, timeFormat: '24h' as const, timezone: 'Europe/Stockholm' };
  test('wall time in the user zone round-trips', () => {
    const ms = Date.parse('2026-07-01T10:15:00Z');
    expect(toWallInput(ms, tc)).toBe('2026-07-01T12:15');
    expect(fromWallInput('2026-07-01T12:15', tc)).toBe(ms);
  });
  test('ranges and records', () => {
    const now = Date.parse('2026-01-10T12:00:30Z');
    expect(resolveRange({ hours: 24 }, now)).toEqual({ start: Date.parse('2026-01-09T12:01:00Z'), end: Date.parse('2026-01-10T12:01:00Z') });
    expect(resolveRange({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }, now)).toEqual({
      start: Date.parse('2026-01-01T00:00:00Z'),
      end: Date.parse('2026-01-02T00:00:00Z'),
    });
    expect(recordsFor(0, 2500)).toBe(1000);
    expect(recordsFor(800, 2500)).toBe(1500);
    expect(recordsFor(4000, 2500)).toBe(2500);
  });
  test('palette from the accent: distinct colours', () => {
    const p = derivePalette('#4c9aff');
    expect(new Set(p).size).toBe(8);
  });
  test('csv of raw series', () => {
    const csv = chartCsv(
      [{ key: '1:1', label: 'A', unitOfMeasure: '', color: '', points: [{ ts: '2026-01-10T00:00:00Z', value: 1, min: 1, max: 1, count: 1 }] }],
      'raw',
      { start: 0, end: Date.parse('2027-01-01') },
      tc,
      { time: 'Time', iso: 'ISO', min: 'min', max: 'max' },
    );
    expect(csv).toBe('Time,ISO,A\r\n10 Jan 2026 01:00:00,2026-01-10T00:00:00.000Z,1\r\n');
  });
});
