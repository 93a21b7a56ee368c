#!/usr/bin/env node
// `npm run release`: publishes a remote's build as an immutable version and switches the running
// server's remote map to it — no restart; open tabs keep the version they loaded, the next page
// load or navigation gets the new one. Talks to the server's platform API with the deploy key.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['dashboard', 'devices', 'tasks', 'admin', 'onboarding'];
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

const HELP = `Usage: npm run release -- <remote> <version> [options]
       npm run release -- <remote> --rollback | --dist
       npm run release -- --status

Publishes a remote's build as an immutable version and makes it live on a running server,
without restarting it. A tab opened before keeps its version (every version's files stay), the
next page load or navigation gets the new one.

  <remote>            ${REMOTES.join(', ')} (or mf-<remote>)
  <version>           e.g. 1.4.0, 2026-11-27.1, 1.5.0-rc.1 (letters, digits, . - +)

Options:
  --from <dir>        the build to publish (default mf-<remote>/dist); it is copied into the
                      server's release store, RELEASES_DIR/<remote>/<version>/
  --url <manifest>    publish a version served elsewhere (a CDN): the absolute URL of its
                      mf-manifest.json; its origin must be in the server's REMOTE_ORIGINS
  --canary <percent>  do not make it live: give it to this share of signed-in users (0-100)
  --orgs <ids>        with --canary: also to these organisations (comma-separated ids)
  --publish-only      publish, change nothing live
  --rollback          back to the version live before the last switch (the canary ends)
  --dist              back to the build in mf-<remote>/dist (or REMOTE_URL_<REMOTE>)
  --status            every remote's live version, canary and published versions
  --help              this text

Environment:
  FIELDWATCH_URL      the server (default http://localhost:3000)
  RELEASE_KEY         the server's deploy key (required; the server must have the same one)
  RELEASES_DIR        the server's release store (default .data/releases); not needed with --url

Examples:
  RELEASE_KEY=… npm run release -- tasks 1.4.0
  RELEASE_KEY=… npm run release -- tasks 1.5.0 --canary 10 --orgs 3
  RELEASE_KEY=… npm run release -- tasks 1.5.0 --url https://cdn.example.com/tasks/1.5.0/mf-manifest.json
  RELEASE_KEY=… npm run release -- tasks --rollback`;

function fail(message, code = 1) {
  console.error(`release: ${message}`);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      url: { type: 'string' },
      canary: { type: 'string' },
      orgs: { type: 'string' },
      'publish-only': { type: 'boolean' },
      rollback: { type: 'boolean' },
      dist: { type: 'boolean' },
      status: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (err) {
  fail(`${err.message}\n\n${HELP}`, 2);
}
const { values: opt, positionals } = parsed;
if (opt.help) {
  console.log(HELP);
  process.exit(0);
}

const server = (process.env.FIELDWATCH_URL || 'http://localhost:3000').replace(/\/+$/, '');
const key = process.env.RELEASE_KEY?.trim();
if (!key) fail('set RELEASE_KEY to the server’s deploy key (the server reads the same variable).', 2);

async function api(method, pathname, body) {
  let res;
  try {
    res = await fetch(`${server}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (err) {
    fail(`cannot reach ${server} (${err.cause?.code ?? err.message}). Is the server running? Set FIELDWATCH_URL.`);
  }
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) fail(`${method} ${pathname} answered ${res.status}: ${answer.message ?? 'no message'}`);
  return answer.data;
}

function describe(d) {
  const canary = d.canary ? `; canary ${d.canary.version} for ${d.canary.percent}% of users${d.canary.organizations.length ? ` and organisations ${d.canary.organizations.join(', ')}` : ''}` : '';
  return `${d.remote}: ${d.version ?? 'dist build'} (${d.entry})${canary}${d.previous !== null ? `; roll back to ${d.previous}` : ''}`;
}

if (opt.status) {
  const all = await api('GET', '/api/v3/platform/remotes');
  for (const d of all) {
    console.log(describe(d));
    for (const r of d.releases)
      console.log(
        `    ${r.version}  ${r.publishedAt}  ${r.entry}  platform ${r.contract ?? 'unknown'}${r.fits ? '' : ` (needs a newer platform than ${d.platform})`}`,
      );
  }
  process.exit(0);
}

const remote = positionals[0]?.replace(/^mf-/, '');
if (!remote || !REMOTES.includes(remote)) fail(`name a remote: ${REMOTES.join(', ')}.\n\n${HELP}`, 2);

if (opt.rollback || opt.dist) {
  const d = opt.rollback
    ? await api('POST', `/api/v3/platform/remotes/${remote}/rollback`)
    : await api('PUT', `/api/v3/platform/remotes/${remote}/deployment`, { version: null, canary: null });
  console.log(`release: ${describe(d)}`);
  process.exit(0);
}

const version = positionals[1];
if (!version || !VERSION.test(version) || version.includes('..'))
  fail(`give a version (letters, digits, . - +, e.g. 1.4.0), got "${version ?? ''}".`, 2);

/** Every file under dir (relative paths) with its sha256. */
function tree(dir) {
  const out = new Map();
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(path.relative(dir, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

function sameTree(a, b) {
  return a.size === b.size && [...a].every(([f, h]) => b.get(f) === h);
}

/** Copies the build into RELEASES_DIR/<remote>/<version>/ once: a version's files never change. */
function copyToStore() {
  const from = path.resolve(opt.from ?? path.join(root, `mf-${remote}`, 'dist'));
  if (!existsSync(path.join(from, 'mf-manifest.json')))
    fail(`${from} holds no build (no mf-manifest.json). Build it first: npm run build -- mf-${remote}`);
  const store = path.resolve(process.env.RELEASES_DIR || path.join(root, '.data', 'releases'));
  const target = path.join(store, remote, version);
  if (existsSync(target)) {
    if (!sameTree(tree(from), tree(target)))
      fail(`${remote} ${version} is already published with other files. Versions are immutable: publish a new version.`);
    console.log(`release: ${target} already holds this build`);
    return;
  }
  mkdirSync(path.dirname(target), { recursive: true });
  // Copied beside the target, then renamed: the server never sees half a version.
  const temp = `${target}.partial-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  cpSync(from, temp, { recursive: true });
  renameSync(temp, target);
  console.log(`release: copied ${from} to ${target}`);
}

/**
 * The platform contract a build on a CDN needs: its manifest's range for @fieldwatch/shared (as
 * manifestContract in shared/src/contract/version.ts reads it). A build in the store needs
 * nothing sent: the server reads its manifest itself.
 */
async function urlContract(url) {
  let manifest;
  try {
    const res = await fetch(url);
    if (!res.ok) fail(`${url} answered ${res.status}: is the build uploaded there?`);
    manifest = await res.json();
  } catch (err) {
    fail(`cannot read ${url} (${err.cause?.code ?? err.message}).`);
  }
  const range = manifest?.shared?.find?.((s) => s?.name === '@fieldwatch/shared')?.requiredVersion;
  return typeof range === 'string' ? range : undefined;
}

if (!opt.url) copyToStore();
const contract = opt.url ? await urlContract(opt.url) : undefined;
const published = await api('POST', `/api/v3/platform/remotes/${remote}/releases`, {
  version,
  ...(opt.url ? { entry: opt.url } : {}),
  ...(contract ? { contract } : {}),
});
const release = published.releases.find((r) => r.version === version);
if (release && !release.fits)
  console.warn(
    `release: warning: ${remote} ${version} needs platform ${release.contract}; this server offers ${published.platform}. ` +
      'Its pages keep the newest deployed version that fits until the platform is upgraded.',
  );
if (opt['publish-only']) {
  console.log(`release: published ${remote} ${version}; live: ${describe(published)}`);
  process.exit(0);
}
let body;
if (opt.canary !== undefined) {
  const percent = Number(opt.canary);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) fail('--canary takes a share of users from 0 to 100.', 2);
  const organizations = (opt.orgs ?? '').split(',').filter(Boolean).map(Number);
  if (organizations.some((n) => !Number.isInteger(n) || n < 1)) fail('--orgs takes organisation ids, e.g. --orgs 3,7.', 2);
  body = { version: published.version, canary: { version, percent, organizations } };
} else {
  body = { version };
}
const live = await api('PUT', `/api/v3/platform/remotes/${remote}/deployment`, body);
console.log(`release: ${describe(live)}`);
