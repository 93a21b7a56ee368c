import { fireEvent, screen } from '@testing-library/react';
import type { Container } from '@fieldwatch/shared';
import GroupAlarm, { groupLines } from '../../src/widgets/group-alarm';
import { alarm, renderWidget, unit } from './lists.harness';

const c = (id: string, kind: 'group' | 'location', name: string, content: Container['content'], subgroups: string[] = []): Container => ({
  id,
  kind,
  name,
  organizationId: 10,
  parentId: null,
  subgroups,
  content,
  revision: 1,
  updatedAt: '2026-01-01T00:00:00Z',
});
const containers = [
  c('L1', 'location', 'Harbour', [{ type: 'unit', target: '1' }, { type: 'unit', target: '2' }]),
  c('L2', 'location', 'Station', [{ type: 'unit', target: '3' }, { type: 'unit', target: '999' }]),
  c('G1', 'group', 'North', [{ type: 'location', target: 'L1' }], ['G2']),
  c('G2', 'group', 'North-east', [{ type: 'location', target: 'L2' }]),
  c('G3', 'group', 'Empty', []),
];
const fleet = () => [unit(1, { AlarmEvents: [alarm(4)] }), unit(2), unit(3, { AlarmEvents: [alarm(19)] })];

describe('group alarm widget', () => {
  test('counts statuses per group through locations and subgroups, worst first', () => {
    const lines = groupLines(containers, fleet(), 'group');
    expect(lines.map((l) => l.name)).toEqual(['North', 'North-east', 'Empty']);
    expect(lines[0]!.counts).toEqual({ alarm: 1, problem: 1, ok: 1, inactive: 0 });
    expect(lines[0]!.unitIds.sort()).toEqual([1, 2, 3]);
    expect(lines[1]!.worst).toBe('problem');
    expect(lines[2]!.unitIds).toEqual([]);
  });

  test('a group selects its units; locations can be shown instead', () => {
    const { setBinding, updateSettings } = renderWidget(GroupAlarm, { units: fleet(), session: { containers } });
    const lines = screen.getAllByTestId('group-line');
    expect(lines).toHaveLength(3);
    expect(lines[0]!.getAttribute('data-worst')).toBe('alarm');
    fireEvent.click(lines[1]!);
    expect(setBinding).toHaveBeenLastCalledWith('units', [3]);
    fireEvent.click(screen.getByRole('button', { name: 'Locations' }));
    expect(updateSettings).toHaveBeenLastCalledWith({ kind: 'location' });
    expect(screen.getAllByTestId('group-line').map((l) => l.textContent)).toEqual([
      expect.stringContaining('Harbour'),
      expect.stringContaining('Station'),
    ]);
  });

  test('loading, empty; speaks Swedish', () => {
    const { unmount } = renderWidget(GroupAlarm, { units: [], loaded: false });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    unmount();
    const b = renderWidget(GroupAlarm, { units: fleet() });
    expect(screen.getByText('No locations yet')).toBeTruthy();
    b.unmount();
    renderWidget(GroupAlarm, { units: fleet(), session: { containers }, lng: 'sv' });
    expect(screen.getByTestId('group-alarm').textContent).toContain('Grupper');
    expect(screen.getByTestId('group-alarm').textContent).not.toContain('widgets.');
  });
});
