import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore, type UsageStatistics } from '@fieldwatch/shared';
import { Root } from '../src/Root';
import { chartCsvText, chartSpecs, presetPeriod, validPeriod } from '../src/features/usage-statistics/usage';
import { renderRemote } from './harness';

// Highcharts is the lazily loaded chunk's business (drawn in the browser journey): here a stand-in.
jest.mock('../src/features/usage-statistics/UsageChart', () => ({
  __esModule: true,
  default: ({ spec }: { spec: { id: string; series: Array<{ name: string }> } }) => (
    <div data-testid={`usage-chart-${spec.id}`}>{spec.series.map((s) => s.name).join(', ')}</div>
  ),
}));

const stats: UsageStatistics = {
  organizationId: 10,
  from: '2026-11-21',
  to: '2026-11-23',
  days: ['2026-11-21', '2026-11-22', '2026-11-23'],
  series: {
    activeUsers: [1, 0, 2],
    signins: [2, 0, 3],
    apiCalls: [4, 0, 6],
    unitsReporting: [5, 5, 4],
    measurements: [100, 90, 80],
    alarmsRaised: [0, 1, 0],
    tasksClosed: [1, 0, 0],
  },
  totals: { activeUsers: 2, signins: 5, apiCalls: 10, unitsReporting: 5, measurements: 270, alarmsRaised: 1, tasksClosed: 1 },
  tokens: [
    { id: 1, name: 'Gateway north', prefix: 'fwt_AbCdEfGh', revoked: false, total: 7, perDay: [3, 0, 4] },
    { id: 2, name: 'Old import', prefix: 'fwt_ZzYyXxWw', revoked: true, total: 3, perDay: [1, 0, 2] },
  ],
};

describe('usage statistics', () => {
  beforeEach(() => {
    sessionStore.setState({
      customers: [
        { CustomerID: 10, CustomerName: 'Nordvatten AB', CustomerRights: [] },
        { CustomerID: 11, CustomerName: 'Aarhus Forsyning', CustomerRights: [] },
      ],
    });
  });

  test('shows the totals, a chart per subject with a CSV download each, and the calls per token', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((b: Blob) => {
      created.push(b);
      return 'blob:usage';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = renderRemote(<Root />, {
      path: '/admin/usage-statistics',
      handler: () => ({ status: 200, body: { data: stats } }),
    });
    expect(await screen.findByTestId('usage-total-signins')).toHaveProperty('textContent', expect.stringContaining('5'));
    expect(screen.getByTestId('usage-total-activeUsers').textContent).toContain('different users who signed in');
    expect(calls[0]!.url).toBe('/api/v3/admin/usage');
    // Aarhus Forsyning sorts first.
    expect((screen.getByTestId('usage-org') as HTMLSelectElement).value).toBe('11');
    expect((await screen.findByTestId('usage-chart-api')).textContent).toBe('Gateway north, Old import');
    expect(screen.getByTestId('usage-chart-people').textContent).toBe('Sign-ins, Active users');
    const tokens = screen.getAllByTestId('usage-token');
    expect(within(tokens[1]!).getByText('Revoked')).toBeTruthy();

    fireEvent.click(screen.getByTestId('usage-csv-work'));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(text.replace(/^\uFEFF/, '')).toBe(
      'Day,Alarms raised,Tasks closed\r\n2026-11-21,0,1\r\n2026-11-22,1,0\r\n2026-11-23,0,0\r\n',
    );
    click.mockRestore();
  });

  test('a custom period asks for those days; a reversed one is explained and not asked for', async () => {
    const asked: unknown[] = [];
    renderRemote(<Root />, {
      path: '/admin/usage-statistics',
      handler: () => {
        asked.push(1);
        return { status: 200, body: { data: stats } };
      },
    });
    await screen.findByTestId('usage-total-signins');
    fireEvent.click(screen.getByText('Custom'));
    fireEvent.change(screen.getByTestId('usage-from'), { target: { value: '2026-11-25' } });
    fireEvent.change(screen.getByTestId('usage-to'), { target: { value: '2026-11-20' } });
    expect(await screen.findByText('Choose a start date on or before the end date, at most 366 days apart.')).toBeTruthy();
    const before = asked.length;
    fireEvent.change(screen.getByTestId('usage-from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(asked.length).toBe(before + 1));
  });

  test('periods, chart series and CSV are computed as the page shows them', () => {
    expect(presetPeriod(7, Date.parse('2026-11-27T10:00:00Z'))).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(validPeriod('2026-02-28', '2026-03-01')).toBe(true);
    expect(validPeriod('2026-02-30', '2026-03-01')).toBe(false);
    expect(validPeriod('2020-01-01', '2026-01-01')).toBe(false);
    const specs = chartSpecs(
      { ...stats, tokens: [stats.tokens[0]!], totals: { ...stats.totals, apiCalls: 10 } },
      { title: (id) => id, metric: (m) => m, other: 'Other' },
    );
    const api = specs.find((s) => s.id === 'api')!;
    // Calls of a token no longer listed show as "Other".
    expect(api.series.map((s) => [s.name, s.data])).toEqual([
      ['Gateway north', [3, 0, 4]],
      ['Other', [1, 0, 2]],
    ]);
    expect(chartCsvText(api, stats.days, 'Day')).toBe('Day,Gateway north,Other\r\n2026-11-21,3,1\r\n2026-11-22,0,0\r\n2026-11-23,4,2\r\n');
  });
});
