/**
 * Segmented (issue 23): one Tab stop with a roving tabindex. As tabs (WAI-ARIA tabs pattern) the
 * arrows, Home and End select; as a toolbar of toggle buttons (a filter) they move the focus and
 * Space or Enter presses.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Segmented } from '../../src/ui';

type View = 'mine' | 'all' | 'archive';
const SEGMENTS = [
  { value: 'mine' as const, label: 'My tasks', count: 3 },
  { value: 'all' as const, label: 'All' },
  { value: 'archive' as const, label: 'Archive' },
];

function Harness({ mode, onChange }: { mode: 'tabs' | 'toggle'; onChange?: (v: View) => void }) {
  const [value, setValue] = useState<View>('mine');
  return (
    <Segmented
      label="Task lists"
      mode={mode}
      panelId="panel"
      idPrefix="view"
      segments={SEGMENTS}
      value={value}
      onChange={(v) => {
        onChange?.(v);
        setValue(v);
      }}
    />
  );
}
const key = (k: string) => fireEvent.keyDown(document.activeElement!, { key: k });
const stops = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-value]')).filter((b) => b.tabIndex === 0);

describe('as tabs', () => {
  test('a tablist whose selected tab is the one Tab stop; the arrows, Home and End select', () => {
    render(<Harness mode="tabs" />);
    expect(screen.getByRole('tablist', { name: 'Task lists' })).toBeTruthy();
    const mine = screen.getByRole('tab', { name: /My tasks/ });
    expect(mine.getAttribute('aria-selected')).toBe('true');
    expect(mine.getAttribute('aria-controls')).toBe('panel');
    expect(mine.id).toBe('view-mine');
    expect(stops()).toEqual([mine]);

    mine.focus();
    key('ArrowRight');
    const all = screen.getByRole('tab', { name: 'All' });
    expect(document.activeElement).toBe(all);
    expect(all.getAttribute('aria-selected')).toBe('true');
    expect(stops()).toEqual([all]);
    key('End');
    expect(screen.getByRole('tab', { name: 'Archive' }).getAttribute('aria-selected')).toBe('true');
    key('ArrowRight'); // round to the first
    expect(document.activeElement).toBe(mine);
    expect(mine.getAttribute('aria-selected')).toBe('true');
    key('ArrowLeft'); // round to the last
    expect(document.activeElement?.textContent).toBe('Archive');
    key('Home');
    expect(document.activeElement).toBe(mine);
  });
});

describe('as a toggle group', () => {
  test('a toolbar of toggle buttons: the arrows move the focus and the Tab stop, a press selects', () => {
    const onChange = jest.fn();
    render(<Harness mode="toggle" onChange={onChange} />);
    expect(screen.getByRole('toolbar', { name: 'Task lists' })).toBeTruthy();
    const mine = screen.getByRole('button', { name: /My tasks/ });
    const all = screen.getByRole('button', { name: 'All' });
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    expect(all.getAttribute('aria-pressed')).toBe('false');
    expect(stops()).toEqual([mine]);

    mine.focus();
    key('ArrowRight');
    expect(document.activeElement).toBe(all);
    expect(stops()).toEqual([all]);
    expect(onChange).not.toHaveBeenCalled();
    key('ArrowDown');
    key('ArrowDown');
    expect(document.activeElement).toBe(mine);
    key('End');
    expect(document.activeElement?.textContent).toBe('Archive');
    fireEvent.click(document.activeElement!); // Space or Enter on a button
    expect(onChange).toHaveBeenCalledWith('archive');
    expect(screen.getByRole('button', { name: 'Archive' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('leaving the group puts the Tab stop back on the pressed segment', () => {
    render(
      <>
        <Harness mode="toggle" />
        <button type="button">after</button>
      </>,
    );
    const mine = screen.getByRole('button', { name: /My tasks/ });
    mine.focus();
    key('ArrowRight');
    expect(stops()[0]?.textContent).toBe('All');
    fireEvent.blur(document.activeElement!, { relatedTarget: screen.getByRole('button', { name: 'after' }) });
    expect(stops()).toEqual([mine]);
  });
});
