/**
 * TextField (issue 23): the label names the input; with an error the input is aria-invalid and
 * described by the error, which appears in a polite live region that was on the page before it.
 */
import { render, screen } from '@testing-library/react';
import { TextField } from '../../src/ui';

test('the label names the input; without an error nothing is invalid or described', () => {
  render(<TextField label="Serial number" />);
  const input = screen.getByRole('textbox', { name: 'Serial number' });
  expect(input.getAttribute('aria-invalid')).toBeNull();
  expect(input.getAttribute('aria-describedby')).toBeNull();
});

test('an error makes the input invalid, describes it and is said in the live region that was already there', () => {
  const { rerender } = render(<TextField label="Serial number" id="serial" />);
  const live = document.querySelector('[aria-live="polite"]');
  expect(live).not.toBeNull();
  expect(live!.textContent).toBe('');

  rerender(
    <TextField label="Serial number" id="serial" error="Enter the serial number from the unit's label." />,
  );
  const input = screen.getByRole('textbox', { name: 'Serial number' });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const error = document.getElementById(input.getAttribute('aria-describedby')!);
  expect(error?.textContent).toBe("Enter the serial number from the unit's label.");
  // The same region as before (not a new one): screen readers announce the change.
  expect(document.querySelector('[aria-live="polite"]')).toBe(live);
  expect(live!.contains(error)).toBe(true);
  expect(screen.getByRole('textbox', { description: "Enter the serial number from the unit's label." })).toBe(
    input,
  );
});

test("a caller's own description is kept beside the error", () => {
  render(
    <>
      <p id="hint">Up to 64 characters.</p>
      <TextField label="Serial number" aria-describedby="hint" error="Too long." />
    </>,
  );
  const input = screen.getByRole('textbox', { name: 'Serial number' });
  expect(input.getAttribute('aria-describedby')!.split(' ')).toHaveLength(2);
  expect(screen.getByRole('textbox', { description: 'Up to 64 characters. Too long.' })).toBe(input);
});
