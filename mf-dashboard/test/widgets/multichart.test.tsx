import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_LINK_GROUP, sessionStore, type DeviceData, type Unit } from '@fieldwatch/shared';
import { type AnswerFn, demoUser, fakeApi, renderRemote } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import dashboard from '@fieldwatch/locales/dashboard';
import type { LinkBindings, WidgetProps } from '../../src/widgets/kit/widget-contract';
import MultichartWidget, { channelNames } from '../../src/widgets/multichart';

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

const unit = (id: number, name: string, type: number): Unit => ({
  UnitID: id,
  UnitName: name,
  UnitLocation: 'Plant',
  UnitType: type,
  UnitGPSLatitude: 57.7,
  UnitGPSLongitude: 11.97,
  CustomerID: 10,
  AlarmEvents: [],
});
const units = [unit(1, 'Boiler 1', 10), unit(2, 'Boiler 2', 10), unit(3, 'Well 3', 11)];
const pt = (n: number, name = `PT ${n}`) => ({ ChannelID: n, ChannelName: name, ChannelKind: 'pt', UnitOfMeasure: '°C' });
const channelsOf: Record<number, unknown[]> = {
  1: [pt(1), pt(2)],
  2: [pt(1), pt(2)],
  3: [{ ChannelID: 1, ChannelName: 'Level', ChannelKind: 'analog', UnitOfMeasure: 'cm' }, pt(2)],
};
const HOUR = 3_600_000;
const T1 = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR).toISOString();
const T2 = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR).toISOString();
const data = (unitId: number, channel: number): DeviceData => ({
  unitId,
  start: T1,
  end: T2,
  granularity: 'hour',
  channels: [
    {
      channel,
      name: `PT ${channel}`,
      unitOfMeasure: '°C',
      points: [
        { ts: T1, value: 20 + unitId, min: 19, max: 23, count: 4 },
        { ts: T2, value: 21 + unitId, min: 20, max: 24, count: 4 },
      ],
    },
  ],
});
const okAnswer: AnswerFn = (url, params) => {
  const m = /devices\/(\d+)\/data$/.exec(url);
  return m ? [data(Number(m[1]), Number(params?.channel)), false] : [undefined, true];
};

function renderMulti(o: { bindings?: Partial<LinkBindings>; settings?: Record<string, unknown>; answer?: AnswerFn; channelsFail?: boolean } = {}) {
  sessionStore.setState({ user: demoUser, refreshKey: 0 });
  const api = fakeApi(o.answer ?? okAnswer, jest.fn);
  (api.legacy as unknown as jest.Mock).mockImplementation(async (method: string, params: Record<string, unknown>) => {
    if (o.channelsFail) throw new Error('API failed');
    if (method === 'GetChannel') return channelsOf[Number(params.UnitID)] ?? [];
    return [];
  });
  const setBinding = jest.fn();
  const updateSettings = jest.fn();
  const props: WidgetProps = {
    widget: { id: 'm1', component: 'multichart', name: '', group: 'default', props: {}, settings: o.settings ?? {} },
    linkGroup: DEFAULT_LINK_GROUP,
    units,
    unitsLoadedAt: 1,
    refreshKey: 0,
    bindings: { units: [], timeRange: { hours: 168 }, channels: [], ...o.bindings },
    setBinding,
    updateSettings,
    size: { width: 720, height: 420 },
    readOnly: false,
  };
  const view = renderRemote({
    element: <MultichartWidget {...props} />,
    url: '/dashboard/default',
    basename: '/dashboard',
    namespace: 'dashboard',
    bundles: { common, dashboard },
    api,
    navigate: jest.fn(),
  });
  return { ...view, api, setBinding, updateSettings };
}

// Let the last loads (limits, markers) settle inside act before the next test.
afterEach(async () => {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
});

beforeEach(() => {
  mockRealChart = false;
});

describe('multichart widget', () => {
  test('empty without units, with a picker', async () => {
    const { setBinding } = renderMulti();
    // Still so once the (empty) channel lookups have settled.
    await act(async () => {});
    expect(screen.getByText('Select units in a list or on the map of this link group')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Boiler 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Well 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(setBinding).toHaveBeenCalledWith('units', [1, 3]);
  });

  test('one small chart per unit of the same channel name; a unit without it says so', async () => {
    const { api } = renderMulti({ bindings: { units: [1, 2, 3] } });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    const cells = await screen.findAllByTestId('multichart-cell');
    expect(cells).toHaveLength(3);
    expect(screen.getAllByTestId('chart-series').map((e) => e.textContent)).toEqual(['Boiler 122 °C', 'Boiler 223 °C', 'Well 3']);
    expect(screen.getByText('No “PT 1” channel')).toBeTruthy();
    expect(screen.getAllByTestId('hc')).toHaveLength(2);
    expect(screen.getByTestId('chart-granularity').textContent).toBe('Hourly averages with min–max band');
    const calls = api.request.mock.calls.map((c) => [(c[0] as { url: string }).url, (c[0] as { params: { channel: number } }).params.channel]);
    expect(calls).toEqual([
      ['/api/v3/device/devices/1/data', 1],
      ['/api/v3/device/devices/2/data', 1],
    ]);
  });

  test('channel name picker: saved in settings; the chosen name is charted', async () => {
    const { updateSettings, unmount } = renderMulti({ bindings: { units: [1, 3] } });
    await screen.findAllByTestId('multichart-cell');
    const select = screen.getByRole('combobox', { name: 'Channel' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['PT 2', 'PT 1', 'Level']);
    fireEvent.change(select, { target: { value: 'PT 2' } });
    expect(updateSettings).toHaveBeenCalledWith({ channelName: 'PT 2' });
    unmount();
    renderMulti({ bindings: { units: [1, 3] }, settings: { channelName: 'PT 2' } });
    await waitFor(() => expect(screen.getAllByTestId('hc')).toHaveLength(2));
  });

  test('shared time range: changing it sets the group binding', async () => {
    const { setBinding } = renderMulti({ bindings: { units: [1] } });
    await screen.findAllByTestId('multichart-cell');
    fireEvent.change(screen.getByRole('combobox', { name: 'Time range' }), { target: { value: '720' } });
    expect(setBinding).toHaveBeenCalledWith('timeRange', { hours: 720 });
  });

  test('error with retry', async () => {
    let fail = true;
    renderMulti({ bindings: { units: [1] }, answer: (u, p) => (fail ? [undefined, true] : okAnswer(u, p)) });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the measurements');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('hc')).toBeTruthy();
  });

  test('channels failing: error', async () => {
    renderMulti({ bindings: { units: [1] }, channelsFail: true });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the measurements');
  });

  test('no data in the range', async () => {
    renderMulti({ bindings: { units: [1] }, answer: () => [{ message: 'No measurement data found' }, false] });
    expect(await screen.findByText('No data')).toBeTruthy();
  });

  test('renders small charts with the real Highcharts', async () => {
    mockRealChart = true;
    const { container } = renderMulti({ bindings: { units: [1, 2] } });
    await screen.findAllByTestId('multichart-cell');
    await waitFor(() => expect(container.querySelectorAll('svg.highcharts-root')).toHaveLength(2));
  });

  test('channel names: most common first', () => {
    const m = new Map(Object.entries(channelsOf).map(([k, v]) => [Number(k), v as never]));
    expect(channelNames(m, [1, 2, 3])).toEqual(['PT 2', 'PT 1', 'Level']);
  });
});
