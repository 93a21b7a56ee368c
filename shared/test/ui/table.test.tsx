/**
 * A table wider than its place (axe scrollable-region-focusable, issue 23): its frame becomes a
 * labelled region in the Tab order so the keyboard can scroll it; a table that fits adds no stop.
 */
import { act, render, screen } from '@testing-library/react';
import { Table } from '../../src/ui';

let observed: Array<() => void> = [];
beforeEach(() => {
  observed = [];
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    constructor(private readonly cb: () => void) {
      observed.push(() => this.cb());
    }
    observe() {}
    disconnect() {}
  };
});
afterEach(() => {
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
});

function widths(scroll: number, client: number) {
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scroll);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
}
afterEach(() => jest.restoreAllMocks());

const table = (
  <Table label="Audit log">
    <tbody>
      <tr>
        <td>cell</td>
      </tr>
    </tbody>
  </Table>
);

test('a table that fits: no region, no Tab stop', () => {
  widths(300, 300);
  render(table);
  expect(screen.queryByRole('region')).toBeNull();
  expect(screen.getByRole('table', { name: 'Audit log' }).parentElement!.getAttribute('tabindex')).toBeNull();
});

test('a table that scrolls sideways: a focusable region named as the table, again plain once it fits', () => {
  widths(900, 360);
  render(table);
  const region = screen.getByRole('region', { name: 'Audit log' });
  expect(region.tabIndex).toBe(0);
  widths(360, 360);
  act(() => observed.forEach((f) => f()));
  expect(screen.queryByRole('region')).toBeNull();
});
