/**
 * Status is never colour alone (issue 23, WCAG 1.4.1): each status has its own shape, a StatusDot
 * shown without its word has the word as its name and title, and StatusBadge and Chip carry text.
 */
import { render, screen } from '@testing-library/react';
import { UNIT_STATUSES } from '../../src/domain/status';
import { Chip, StatusBadge, StatusDot } from '../../src/ui';

test('every status has a shape of its own', () => {
  const { container } = render(
    <>
      {UNIT_STATUSES.map((s) => (
        <StatusDot key={s} status={s} />
      ))}
    </>,
  );
  const shapes = [...container.querySelectorAll('svg')].map((svg) => svg.firstElementChild!.outerHTML);
  expect(shapes).toHaveLength(UNIT_STATUSES.length);
  expect(new Set(shapes).size).toBe(UNIT_STATUSES.length);
});

test('with a label the dot is an image named by it, with it as its title; without, it is hidden beside its word', () => {
  render(
    <>
      <StatusDot status="alarm" label="Alarm" />
      <StatusDot status="ok" />
    </>,
  );
  const named = screen.getByRole('img', { name: 'Alarm' });
  expect(named.querySelector('title')?.textContent).toBe('Alarm');
  expect(screen.getAllByRole('img')).toHaveLength(1);
  expect(document.querySelector('svg[data-status="ok"]')?.getAttribute('aria-hidden')).toBe('true');
});

test('StatusBadge and Chip say their status in words', () => {
  render(
    <>
      <StatusBadge status="problem" label="Problem" />
      <Chip tone="danger">Critical</Chip>
    </>,
  );
  expect(screen.getByText('Problem')).toBeTruthy();
  expect(screen.getByText('Critical')).toBeTruthy();
});
