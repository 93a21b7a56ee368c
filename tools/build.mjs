#!/usr/bin/env node
// `npm run build`: every package's production build, one at a time (2 cores). With names, only
// those: `npm run build -- mf-tasks` (or `tasks`), `npm run build -- shell server`. A remote's
// build leaves the shell and the other remotes untouched; the running server serves it after a
// reload (or publish it as a version: `npm run release -- tasks <version>`).
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildable = readdirSync(root).filter((d) => (d === 'shell' || d === 'server' || d.startsWith('mf-')) && existsSync(path.join(root, d, 'package.json')));
const args = process.argv.slice(2);

if (args.includes('--help') || args.includes('-h')) {
  console.log(`Usage: npm run build [-- <package>...]

Builds for production: with no names every package (shell, the remotes, the server); with names
only those. A name is a folder (${buildable.join(', ')}) or a remote's short name (${buildable
    .filter((d) => d.startsWith('mf-'))
    .map((d) => d.slice(3))
    .join(', ')}).

  npm run build                  everything
  npm run build -- mf-tasks      one remote (the shell and the other remotes stay byte-identical)
  npm run build -- shell server  the shell and the server`);
  process.exit(0);
}

if (args.length === 0) process.exit(pnpm(['-r', '--workspace-concurrency=1', 'run', 'build']));

const folders = args.map((a) => {
  const folder = buildable.includes(a) ? a : buildable.includes(`mf-${a}`) ? `mf-${a}` : null;
  if (!folder) {
    console.error(`Unknown package "${a}": use one of ${buildable.join(', ')} (or a remote's short name).`);
    process.exit(2);
  }
  return folder;
});
const filters = [...new Set(folders)].flatMap((f) => ['--filter', `@fieldwatch/${f}`]);
process.exit(pnpm([...filters, '--workspace-concurrency=1', 'run', 'build']));
