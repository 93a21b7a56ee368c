#!/usr/bin/env node
// Runs the pinned pnpm (package.json "packageManager") without Corepack: Corepack fails on this
// machine's registry signatures, so we fetch the exact version with npx once and reuse it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager; // pnpm@x.y.z

export function pnpm(args, opts = {}) {
  const version = pinned.split('@')[1];
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  const useLocal = local.status === 0 && local.stdout.trim() === version;
  const cmd = useLocal ? 'pnpm' : 'npx';
  const full = useLocal ? args : ['--yes', pinned, ...args];
  const res = spawnSync(cmd, full, { stdio: 'inherit', cwd: root, env: { ...process.env, COREPACK_ENABLE_STRICT: '0' }, ...opts });
  return res.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}
