import { fireEvent, screen, within } from '@testing-library/react';
import { createBus, type WidgetComponent } from '@fieldwatch/shared';
import { fakeApi, renderRemote } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import dashboard from '@fieldwatch/locales/dashboard';
import type { ReactElement } from 'react';
import WidgetStoreWidget from '../../src/widgets/widget-store';
import { WidgetStorePanel } from '../../src/widgets/widget-store/WidgetStorePanel';

const render = (element: ReactElement, lng = 'en') =>
  renderRemote({
    element,
    url: '/dashboard/x',
    api: fakeApi(() => [undefined, true], jest.fn),
    bus: createBus(),
    basename: '/dashboard',
    namespace: 'dashboard',
    bundles: { common, dashboard },
    navigate: jest.fn(),
    lng,
  });

const ids = () => screen.getAllByTestId('store-item').map((e) => e.getAttribute('data-widget'));

describe('widget store', () => {
  test('lists the catalogue by category; the store itself is announced, parking needs the right', () => {
    render(<WidgetStorePanel onAdd={jest.fn()} present={[]} parking={false} />);
    expect(ids()).toHaveLength(19);
    expect(ids()).not.toContain('widgetStore');
    expect(ids()).not.toContain('parkingMap');
    expect(screen.getByRole('region', { name: 'Maps' })).toBeTruthy();
    expect(screen.getByText('More widgets are on their way to the store.')).toBeTruthy();
    const unitList = screen
      .getAllByTestId('store-item')
      .find((e) => e.getAttribute('data-widget') === 'unitList')!;
    expect(within(unitList).getByText('6 × 10 · min 4 × 4')).toBeTruthy();
  });

  test('with the parking right the parking widgets are offered', () => {
    render(<WidgetStorePanel onAdd={jest.fn()} present={[]} parking />);
    expect(ids()).toEqual(expect.arrayContaining(['parkingList', 'parkingMap', 'parkingStats']));
  });

  test("search narrows the cards (names and descriptions, in the user's language); nothing found says so", () => {
    render(<WidgetStorePanel onAdd={jest.fn()} present={[]} parking={false} />, 'sv');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'karta' } });
    expect(ids()).toEqual(['unitMap', 'alarmMap']);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.queryAllByTestId('store-item')).toHaveLength(0);
    expect(screen.getByText('Ingen widget matchar ”zzz”')).toBeTruthy();
  });

  test('Add hands the component to the dashboard and shows how many are on it', () => {
    const onAdd = jest.fn((_c: WidgetComponent) => true);
    render(<WidgetStorePanel onAdd={onAdd} present={['charts']} parking={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Unit list' }));
    expect(onAdd).toHaveBeenCalledWith('unitList');
    expect(screen.getByRole('button', { name: 'Add Unit list' }).textContent).toBe('Add another');
    const charts = screen
      .getAllByTestId('store-item')
      .find((e) => e.getAttribute('data-widget') === 'charts')!;
    expect(within(charts).getByText('1 on dashboard')).toBeTruthy();
  });

  test('as a widget outside a dashboard it says so', () => {
    render(
      <WidgetStoreWidget
        widget={{
          id: 'widgetStore-1',
          component: 'widgetStore',
          name: 'widgetStore',
          group: 'default',
          props: {},
          settings: {},
        }}
        linkGroup={{ id: 'default', name: 'default', color: 'group-one' }}
        units={[]}
        unitsLoadedAt={1}
        refreshKey={0}
        bindings={{ units: [], timeRange: { hours: 24 }, channels: [] }}
        setBinding={jest.fn()}
        updateSettings={jest.fn()}
        size={{ width: 400, height: 300 }}
        readOnly={false}
      />,
    );
    expect(screen.getByText('Open a dashboard to add widgets')).toBeTruthy();
  });
});
