/**
 * The version of the platform contract (issue 21 §3): what @fieldwatch/shared offers to the
 * remotes — the endpoint table, the types, the UI kit, the session store — as semver. It is this
 * package's version (shared/package.json; a test keeps them equal): a new export or endpoint is a
 * minor version, a removed or changed one a major.
 *
 * Each remote's build declares the range it needs, `^<major>.<minor>.0` of the version it was
 * built against (tools/webpack.base.cjs, in its mf-manifest.json as the requiredVersion of the
 * @fieldwatch/shared singleton). The shell, which provides the singleton, mounts a remote only when
 * its own version is in that range; otherwise the area says which platform version it needs
 * instead of failing on a missing function.
 */
export const CONTRACT_VERSION = '1.1.0';

/** A contract range a release may declare: `^a.b.c`, `>=a.b.c`, `a.b.c` or `*`. */
export const CONTRACT_RANGE_PATTERN = '^(\\*|(\\^|>=)?\\d{1,6}\\.\\d{1,6}\\.\\d{1,6})$';

/** A platform version as the shell reports it: `a.b.c`. */
export const CONTRACT_VERSION_PATTERN = '^\\d{1,6}\\.\\d{1,6}\\.\\d{1,6}$';

/** The @fieldwatch/shared range a remote's mf-manifest.json declares (null: none). */
export function manifestContract(manifest: unknown): string | null {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return null;
  const entry = shared.find((s: { name?: unknown }) => s?.name === '@fieldwatch/shared') as
    | { requiredVersion?: unknown }
    | undefined;
  const range = entry?.requiredVersion;
  return typeof range === 'string' && new RegExp(CONTRACT_RANGE_PATTERN).test(range) ? range : null;
}

type Triple = [number, number, number];

function parse(version: string): Triple | null {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function atLeast(v: Triple, min: Triple): boolean {
  for (let i = 0; i < 3; i++) if (v[i] !== min[i]) return v[i]! > min[i]!;
  return true;
}

/** The range a remote built against `version` needs: the same major, at least its minor. */
export function contractRange(version: string): string {
  const v = parse(version);
  if (!v) throw new Error(`Not a semver version: ${version}`);
  return `^${v[0]}.${v[1]}.0`;
}

/**
 * Whether `version` is in `range`: `^a.b.c` (same major, at least a.b.c; for 0.x the same minor),
 * `>=a.b.c`, `a.b.c` (exactly), or `*`. A range of another form counts as met: the runtime's own
 * check still warns about it.
 */
export function satisfiesContract(version: string, range: string): boolean {
  const v = parse(version);
  const r = range.trim();
  if (!v || r === '' || r === '*') return true;
  if (r.startsWith('^')) {
    const min = parse(r.slice(1));
    if (!min) return true;
    if (v[0] !== min[0] || (min[0] === 0 && v[1] !== min[1])) return false;
    return atLeast(v, min);
  }
  if (r.startsWith('>=')) {
    const min = parse(r.slice(2));
    return !min || atLeast(v, min);
  }
  const exact = parse(r);
  return !exact || (exact[0] === v[0] && exact[1] === v[1] && exact[2] === v[2]);
}

/** "1.3" of "^1.3.0": the platform version a range asks for, as the area's panel says it. */
export function neededPlatform(range: string): string {
  const m = /(\d+)\.(\d+)/.exec(range);
  return m ? `${m[1]}.${m[2]}` : range;
}
