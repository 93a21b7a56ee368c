import { act, render, screen } from '@testing-library/react';
import { useTurn } from '../../src/dashboard/heavy-widget-turns';

function Probe({ name, heavy, prepare }: { name: string; heavy: boolean; prepare?: () => Promise<unknown> }) {
  const ready = useTurn(heavy, prepare);
  return <span data-testid={name}>{ready ? 'mounted' : 'waiting'}</span>;
}

/** One turn's timers (animation frame, after the paint, idle), then the promises they settle. */
async function nextTurn() {
  await act(async () => {
    jest.advanceTimersToNextTimer(); // animation frame
    jest.advanceTimersToNextTimer(); // after the paint
    jest.advanceTimersToNextTimer(); // idle
  });
}

describe('useTurn: heavy widgets mount after the light ones, one per turn', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a light widget mounts at once; heavy ones wait and then come one at a time', async () => {
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
    await nextTurn();
    expect(screen.getByTestId('map').textContent).toBe('mounted');
    expect(screen.getByTestId('chart').textContent).toBe('waiting');
    await act(async () => {
      jest.runAllTimers();
    });
    expect(screen.getByTestId('chart').textContent).toBe('mounted');
  });

  test('a turn mounts its widget once what it prepares (its code) is here; the next waits for that', async () => {
    let arrive: () => void = () => undefined;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const prepare = jest.fn(() => code);
    render(
      <>
        <Probe name="map" heavy prepare={prepare} />
        <Probe name="chart" heavy />
      </>,
    );
    await nextTurn();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('map').textContent).toBe('waiting');
    await act(async () => {
      jest.runAllTimers();
    });
    expect(screen.getByTestId('chart').textContent).toBe('waiting');
    await act(async () => arrive());
    expect(screen.getByTestId('map').textContent).toBe('mounted');
    await act(async () => {
      jest.runAllTimers();
    });
    expect(screen.getByTestId('chart').textContent).toBe('mounted');
  });

  test('a failed preparation still mounts the widget (it shows the failure itself)', async () => {
    render(<Probe name="map" heavy prepare={() => Promise.reject(new Error('chunk failed'))} />);
    await act(async () => {
      jest.runAllTimers();
    });
    expect(screen.getByTestId('map').textContent).toBe('mounted');
  });

  test('a widget removed while it waits gives its turn up', async () => {
    const view = render(
      <>
        <Probe name="map" heavy />
        <Probe name="chart" heavy />
      </>,
    );
    view.rerender(<Probe name="chart" heavy />);
    await act(async () => {
      jest.runAllTimers();
    });
    expect(screen.getByTestId('chart').textContent).toBe('mounted');
    expect(screen.queryByTestId('map')).toBeNull();
  });
});
