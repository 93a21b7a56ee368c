/**
 * @jest-environment node
 *
 * The platform contract's versions are kept (issue 21 §3): shared/contract/<version>.json is what
 * each released @fieldwatch/shared offers the remotes through the shell's singletons. The current
 * version's file is the current source's surface (a change of the surface is a new version), a
 * later version of a major drops nothing an earlier one had, and every remote builds — by the
 * names it imports — against each released version its manifest's range admits: the previous
 * released one where the range reaches back to it, and the current one always.
 */
import { CONTRACT_VERSION, satisfiesContract } from '../src/contract/version';

// The tool is CommonJS (webpack configs require it too); shared's tests have no Node types.
declare const require: (id: string) => unknown;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const surface = require('../../tools/contract-surface.cjs') as {
  REMOTES: string[];
  root: string;
  surfaceOf(dir: string): Record<string, string[]>;
  releasedSurfaces(): Array<{ version: string; surface: Record<string, string[]> }>;
  importsOf(dir: string): Record<string, string[]>;
  missingIn(surface: Record<string, string[]>, imports: Record<string, string[]>): string[];
  requiredContract(dir: string): string;
  sharedDir: string;
};

const released = surface.releasedSurfaces();
const major = (v: string) => Number(v.split('.')[0]);

test('the current version’s surface file is what the source exports', () => {
  const current = released.find((r) => r.version === CONTRACT_VERSION);
  expect(current).toBeDefined();
  // When this fails, the exports changed: a new export is a new minor version, a removed or changed
  // one a new major. Bump shared/package.json and CONTRACT_VERSION, then write the new version's
  // file with `node tools/contract-surface.cjs --write`.
  expect(surface.surfaceOf(surface.sharedDir)).toEqual(current!.surface);
}, 60_000);

test('a later version of a major keeps every export of the earlier ones', () => {
  expect(released.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < released.length; i++) {
    const [before, after] = [released[i - 1]!, released[i]!];
    if (major(before.version) !== major(after.version)) continue;
    expect({ [after.version]: surface.missingIn(after.surface, before.surface) }).toEqual({
      [after.version]: [],
    });
  }
});

describe.each(surface.REMOTES)('%s', (remote) => {
  const dir = `${surface.root}/${remote}`;
  const imports = surface.importsOf(dir);
  const range = surface.requiredContract(dir);

  test('builds against the current contract and declares a range the current platform meets', () => {
    const current = released.find((r) => r.version === CONTRACT_VERSION)!;
    expect(surface.missingIn(current.surface, imports)).toEqual([]);
    expect(satisfiesContract(CONTRACT_VERSION, range)).toBe(true);
  });

  test('builds against every released version its range admits, and against none it refuses', () => {
    for (const { version, surface: offered } of released) {
      const missing = surface.missingIn(offered, imports);
      if (satisfiesContract(version, range)) expect({ version, missing }).toEqual({ version, missing: [] });
      // The range is the tightest true one: the version just below it lacks something.
      else if (major(version) === major(CONTRACT_VERSION)) expect(missing.length).toBeGreaterThan(0);
    }
  });
});
