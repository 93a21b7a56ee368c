/**
 * The menu button (WAI-ARIA menu button pattern, issue 23): aria-haspopup and aria-expanded on the
 * button, a role=menu of menuitems; opening focuses the first item (ArrowUp on the button: the
 * last); ArrowDown/ArrowUp go round, Home/End jump; Escape closes back to the button; Tab closes.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { Menu } from '../../src/ui';

const selected: string[] = [];
const ITEMS = [
  { key: 'edit', label: 'Edit', onSelect: () => selected.push('edit') },
  { key: 'move', label: 'Move to…', onSelect: () => selected.push('move') },
  { key: 'off', label: 'Unavailable', disabled: true, onSelect: () => selected.push('off') },
  { key: 'delete', label: 'Delete…', danger: true, onSelect: () => selected.push('delete') },
];
const key = (k: string) => fireEvent.keyDown(document.activeElement!, { key: k });
const focused = () => document.activeElement?.textContent;

beforeEach(() => {
  selected.length = 0;
});

test('the button says it opens a menu and whether it is open', () => {
  render(<Menu label="Actions for North" items={ITEMS} />);
  const button = screen.getByRole('button', { name: 'Actions for North' });
  expect(button.getAttribute('aria-haspopup')).toBe('menu');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  const menu = screen.getByRole('menu', { name: 'Actions for North' });
  expect(button.getAttribute('aria-controls')).toBe(menu.id);
  expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
    'Edit',
    'Move to…',
    'Unavailable',
    'Delete…',
  ]);
  // One Tab stop: the items are reached with the arrows.
  for (const item of screen.getAllByRole('menuitem')) expect(item.tabIndex).toBe(-1);
});

test('opening focuses the first item; the arrows go round skipping disabled items; Home and End jump', () => {
  render(<Menu label="Actions" items={ITEMS} />);
  fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
  expect(focused()).toBe('Edit');
  key('ArrowDown');
  expect(focused()).toBe('Move to…');
  key('ArrowDown');
  expect(focused()).toBe('Delete…');
  key('ArrowDown');
  expect(focused()).toBe('Edit');
  key('ArrowUp');
  expect(focused()).toBe('Delete…');
  key('Home');
  expect(focused()).toBe('Edit');
  key('End');
  expect(focused()).toBe('Delete…');
  key('Enter');
  fireEvent.click(document.activeElement!);
  expect(selected).toEqual(['delete']);
  expect(screen.queryByRole('menu')).toBeNull();
});

test('Escape closes the menu and returns the focus to its button', () => {
  render(<Menu label="Actions" items={ITEMS} />);
  const button = screen.getByRole('button', { name: 'Actions' });
  fireEvent.click(button);
  key('ArrowDown');
  key('Escape');
  expect(screen.queryByRole('menu')).toBeNull();
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(button);
  expect(selected).toEqual([]);
});

test('Tab closes the menu, going on from its button', () => {
  render(<Menu label="Actions" items={ITEMS} />);
  const button = screen.getByRole('button', { name: 'Actions' });
  fireEvent.click(button);
  // Not prevented: the browser moves on from the button, which has the focus again.
  expect(fireEvent.keyDown(document.activeElement!, { key: 'Tab' })).toBe(true);
  expect(screen.queryByRole('menu')).toBeNull();
  expect(document.activeElement).toBe(button);
});

test('ArrowDown on the closed button opens at the first item, ArrowUp at the last', () => {
  render(<Menu label="Actions" items={ITEMS} />);
  const button = screen.getByRole('button', { name: 'Actions' });
  button.focus();
  key('ArrowUp');
  expect(screen.getByRole('menu')).toBeTruthy();
  expect(focused()).toBe('Delete…');
  key('Escape');
  key('ArrowDown');
  expect(focused()).toBe('Edit');
});

test('a click outside closes it', () => {
  render(
    <>
      <Menu label="Actions" items={ITEMS} />
      <p>outside</p>
    </>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
  fireEvent.mouseDown(screen.getByText('outside'));
  expect(screen.queryByRole('menu')).toBeNull();
});
