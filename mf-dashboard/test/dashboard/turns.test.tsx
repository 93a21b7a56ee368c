import { act, render, screen } from '@testing-library/react';
import { useTurn } from '../../src/dashboard/turns';

function Probe({ name, heavy }: { name: string; heavy: boolean }) {
  const ready = useTurn(heavy);
  return <span data-testid={name}>{ready ? 'mounted' : 'waiting'}</span>;
}

describe('useTurn: heavy widgets mount after the light ones, one per turn', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a light widget mounts at once; heavy ones wait and then come one at a time', () => {
    render(
      <>
        <Probe name="light" heavy={false} />
        <Probe name="map" heavy />
        <Probe name="chart" heavy />
      </>,
    );
    expect(screen.getByTestId('light').textContent).toBe('mounted');
    expect(screen.getByTestId('map').textContent).toBe('waiting');
    expect(screen.getByTestId('chart').textContent).toBe('waiting');
    // First turn: the map only.
    act(() => {
      jest.advanceTimersToNextTimer(); // animation frame
      jest.advanceTimersToNextTimer(); // after the paint
      jest.advanceTimersToNextTimer(); // idle
    });
    expect(screen.getByTestId('map').textContent).toBe('mounted');
    expect(screen.getByTestId('chart').textContent).toBe('waiting');
    act(() => {
      jest.runAllTimers();
    });
    expect(screen.getByTestId('chart').textContent).toBe('mounted');
  });

  test('a widget removed while it waits gives its turn up', () => {
    const view = render(
      <>
        <Probe name="map" heavy />
        <Probe name="chart" heavy />
      </>,
    );
    view.rerender(<Probe name="chart" heavy />);
    act(() => {
      jest.runAllTimers();
    });
    expect(screen.getByTestId('chart').textContent).toBe('mounted');
    expect(screen.queryByTestId('map')).toBeNull();
  });
});
