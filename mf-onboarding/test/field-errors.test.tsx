/**
 * What is missing is announced at the field (issue 23): a field with a problem says so
 * (aria-invalid) and points at the words (aria-describedby) — the coordinates when there is no
 * position, the location list when none is chosen, the organisation choices when none is.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type { PositionPickerProps } from '../src/features/placement/PositionPicker';
import { Root } from '../src/Root';
import { demoUser, renderRemote } from './harness';
import { flowAt, server, TAG } from './flow-fixtures';

jest.mock('../src/features/placement/PositionPicker', () => ({
  __esModule: true,
  default: (p: PositionPickerProps) => (
    <button type="button" data-testid="fake-map" onClick={() => p.onMove(59.350123, 18.070456)}>
      {p.label}
    </button>
  ),
}));

/** The element(s) aria-describedby names, their text. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`)
    .join(' | ');

test('placement: no position marks both coordinates, no location marks the list; each points at its message', async () => {
  renderRemote(<Root />, { path: `/onboarding?tag=${TAG}&step=placement`, handler: server(flowAt('placement')), user: demoUser });
  const panel = await screen.findByTestId('step-placement-panel');
  const lat = within(panel).getByLabelText('Latitude');
  const lon = within(panel).getByLabelText('Longitude');
  const location = within(panel).getByRole('combobox', { name: 'Location' });
  expect(lat.getAttribute('aria-invalid')).toBeNull();
  expect(location.getAttribute('aria-invalid')).toBeNull();

  fireEvent.click(within(panel).getByRole('button', { name: 'Continue to the terms' }));
  const position = 'Give the device a position: tap the map, search, use your position or type the coordinates.';
  for (const field of [lat, lon]) {
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(description(field)).toBe(position);
  }
  expect(location.getAttribute('aria-invalid')).toBe('true');
  expect(description(location)).toBe('Choose a location or name a new one.');

  // A coordinate typed wrong: its own message, not the position's.
  fireEvent.change(lat, { target: { value: '91' } });
  expect(description(lat)).toBe('A latitude is a number from -90 to 90, e.g. 59.3293.');
  // A position from the map: nothing is wrong with the coordinates any more.
  fireEvent.click(within(panel).getByTestId('fake-map'));
  expect(lat.getAttribute('aria-invalid')).toBeNull();
  expect(lon.getAttribute('aria-invalid')).toBeNull();
});

test('organisation: Continue with nothing chosen marks the choices and points at the message', async () => {
  renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler: server(flowAt('organisation')), user: demoUser });
  const panel = await screen.findByTestId('step-organisation-panel');
  const radios = within(panel).getAllByRole('radio');
  expect(radios.length).toBeGreaterThan(1);
  radios.forEach((r) => expect(r.getAttribute('aria-invalid')).toBeNull());
  fireEvent.click(within(panel).getByRole('button', { name: 'Continue' }));
  for (const r of radios) {
    expect(r.getAttribute('aria-invalid')).toBe('true');
    expect(description(r)).toBe('Choose an organisation or create a new one.');
  }
  fireEvent.click(radios[0]!);
  expect(within(panel).getAllByRole('radio')[1]!.getAttribute('aria-invalid')).toBeNull();
});
