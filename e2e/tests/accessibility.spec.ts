/**
 * Accessibility (issue 23): axe-core (WCAG 2.0–2.2 A and AA rules, the rule set browsers' own
 * audits use) over each screen, signed in as demo.super, in the dark and the bright theme: no
 * serious or critical violation. The table of every page and theme (rules, nodes, and for each
 * failing element its colours and contrast) goes to test-results/accessibility.json and the log.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectOverview, signIn } from './helpers';

const PAGES: Array<[string, string]> = [
  ['overview', '/'],
  ['units dashboard', '/dashboard/MTAwMg=='],
  ['alarms dashboard', '/dashboard/MTAwMw=='],
  ['parking dashboard', '/dashboard/MTAwNg=='],
  ['device table', '/devicemanagement'],
  ['a unit', '/devicemanagement/10005'],
  ['groups', '/groupmanagement'],
  ['locations', '/locationmanagement'],
  ['tasks', '/taskmanagement'],
  ['notifications', '/notifications'],
  ['admin users', '/admin'],
  ['profile', '/profile'],
  // DEMO_TAGS.notActivated (server/src/seed/fleet.ts): no journey activates it.
  ['onboarding (tag)', '/onboarding?tag=8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35'],
];

interface Row {
  page: string;
  theme: string;
  rules: number;
  nodes: number;
  ids: string[];
  /** The failing elements: rule, selector and, for contrast, the colours and the ratio. */
  details: string[];
}

async function audit(page: Page, name: string, theme: string): Promise<Row> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return {
    page: name,
    theme,
    rules: bad.length,
    nodes: bad.reduce((n, v) => n + v.nodes.length, 0),
    ids: bad.map((v) => `${v.id} ×${v.nodes.length}`),
    details: bad.flatMap((v) =>
      v.nodes.map((n) => {
        const d = (n.any[0]?.data ?? {}) as {
          fgColor?: string;
          bgColor?: string;
          contrastRatio?: number;
          expectedContrastRatio?: string;
        };
        const colours = d.fgColor
          ? ` ${d.fgColor} on ${d.bgColor} = ${d.contrastRatio} (needs ${d.expectedContrastRatio})`
          : '';
        return `${v.id} ${n.target.join(' ')}${colours} «${n.html.slice(0, 90)}»`;
      }),
    ),
  };
}

test('axe-core finds no serious or critical violation on any screen, dark and bright', async ({ page }) => {
  test.setTimeout(240_000);
  const rows: Row[] = [];
  for (const theme of ['dark', 'bright'] as const) {
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('fw.theme', t), theme);
    await page.reload();
    await page.waitForLoadState('networkidle');
    rows.push(await audit(page, 'login', theme));
    await signIn(page);
    await expectOverview(page);
    const html = page.locator('html');
    if ((await html.getAttribute('data-theme')) !== theme)
      await page.getByTestId('theme-toggle').first().click();
    await expect(html).toHaveAttribute('data-theme', theme);
    for (const [name, url] of PAGES) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      rows.push(await audit(page, name, theme));
    }
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
  }
  const out = path.join(__dirname, '..', 'test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'accessibility.json'), `${JSON.stringify(rows, null, 2)}\n`);
  for (const r of rows)
    console.log(
      `${r.theme.padEnd(6)} ${r.page.padEnd(18)} ${String(r.rules).padStart(2)} rules ${String(r.nodes).padStart(4)} nodes  ${r.ids.join(', ')}`,
    );
  expect(rows.flatMap((r) => r.details.map((d) => `${r.theme} ${r.page}: ${d}`))).toEqual([]);
});
