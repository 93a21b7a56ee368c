/**
 * The theme's global rules (issue 23): a focus ring on every focusable element in the --fw-focus
 * colour, which reaches 3:1 (WCAG 1.4.11) on the page and every surface in both themes, and no
 * transitions or animations when the system asks for reduced motion.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contrastRatio } from '@fieldwatch/shared';

const css = readFileSync(path.join(__dirname, '../../shared/src/theme/tokens.css'), 'utf8');

/** The custom properties of the first block whose selector list contains `selector`. */
function tokens(selector: string): Record<string, string> {
  const block = new RegExp(`${selector.replace(/[[\]']/g, '\\$&')}[^{]*\\{([^}]*)\\}`).exec(css);
  if (!block) throw new Error(`no ${selector} block`);
  return Object.fromEntries(
    [...block[1]!.matchAll(/(--fw-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
}

test.each([
  ["[data-theme='dark']", 'dark'],
  ["[data-theme='bright']", 'bright'],
])('%s: the focus colour reads at 3:1 on the page and every surface', (selector) => {
  const t = tokens(selector);
  for (const surface of ['--fw-bg', '--fw-surface', '--fw-surface-2', '--fw-surface-3']) {
    // The surface's name in the failure message.
    expect({ surface, enough: contrastRatio(t['--fw-focus']!, t[surface]!) >= 3 }).toEqual({
      surface,
      enough: true,
    });
  }
});

test('every focusable element gets the ring on keyboard focus', () => {
  expect(css).toMatch(/(^|\n):focus-visible\s*\{[^}]*outline:\s*2px solid var\(--fw-focus\)/);
});

test('reduced motion turns transitions and animations off everywhere', () => {
  const media = /@media \(prefers-reduced-motion: reduce\)\s*\{([\s\S]*?)\n\}/.exec(css);
  expect(media).not.toBeNull();
  expect(media![1]).toMatch(/\*,\s*\*::before,\s*\*::after/);
  expect(media![1]).toMatch(/animation-duration:\s*0\.01ms !important/);
  expect(media![1]).toMatch(/transition-duration:\s*0\.01ms !important/);
});
