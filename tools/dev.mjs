#!/usr/bin/env node
// `npm run dev`: the server with demo data and the front ends rebuilt on every change, for a team's
// daily loop. `npm run dev -- tasks` rebuilds only that remote, against the production shell and
// server: a team iterates on its area alone.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkNode, ensureBuilt, ensureInstalled, root } from './workspace.mjs';

const FRONT_ENDS = ['shell', 'mf-dashboard', 'mf-devices', 'mf-tasks', 'mf-admin', 'mf-onboarding'];
const args = process.argv.slice(2);

if (args.includes('--help') || args.includes('-h')) {
  console.log(`Usage: npm run dev [-- <front end>...]

Serves Fieldwatch on http://localhost:3000 (PORT overrides) with the embedded database and demo
data, and rebuilds front ends when their code (or shared/, locales/) changes. Open pages reload
themselves when a build is written (live reload, DEV_RELOAD=1: the page's state is not kept; there
is no hot module replacement); the server serves each new build at once, without a restart.

  npm run dev                 every front end (shell and remotes)
  npm run dev -- tasks        only mf-tasks (also: mf-tasks); the shell and the other remotes are
                              the production builds, as in a release
  npm run dev -- tasks --standalone
                              every page is mf-tasks' standalone page: the area with a sign-in
                              of its own against this server, without the shell

The builds are production builds without minification: React's production build on both sides of
Module Federation. (A development build of one remote inside the production shell mixes React's
development and production builds, which fails with "dispatcher.getOwner is not a function".)
Server code is not watched: after a change in server/, stop and run again.`);
  process.exit(0);
}

const standalone = args.includes('--standalone');
const picked = args.filter((a) => a !== '--standalone').map((a) => {
  const name = FRONT_ENDS.includes(a) ? a : FRONT_ENDS.includes(`mf-${a}`) ? `mf-${a}` : null;
  if (!name) {
    console.error(`Unknown front end "${a}": use one of ${FRONT_ENDS.join(', ')} (or a remote's short name).`);
    process.exit(2);
  }
  return name;
});
const watched = picked.length ? [...new Set(picked)] : FRONT_ENDS;
if (standalone && (watched.length !== 1 || watched[0] === 'shell')) {
  console.error('--standalone takes exactly one remote, e.g. npm run dev -- tasks --standalone');
  process.exit(2);
}

checkNode();
try {
  ensureInstalled();
  ensureBuilt();
} catch (err) {
  console.error(`\n✖ ${err.message}. Fix the error above and run npm run dev again.`);
  process.exit(1);
}

const children = [];
const webpackBin = path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
if (!existsSync(webpackBin)) {
  console.error('webpack-cli is not installed: run npm start once first.');
  process.exit(1);
}
for (const name of watched) {
  const child = spawn(process.execPath, [webpackBin, '--watch', '--mode', 'production'], {
    cwd: path.join(root, name),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, FW_DEV_LOOP: '1' },
  });
  child.stdout.on('data', (d) => {
    const text = d.toString();
    // webpack-cli ends each build with "… compiled successfully in 5234 ms" (or "with N errors").
    const done = /compiled (successfully|with .*?) in (\d+) ms/.exec(text);
    if (!done) return;
    const ok = done[1] === 'successfully' || !/error/.test(done[1]);
    console.log(`» ${name}: ${ok ? 'built' : 'build failed'} in ${(Number(done[2]) / 1000).toFixed(1)} s${ok ? ' — open pages reload' : ''}`);
    if (!ok) process.stdout.write(text);
  });
  children.push(child);
}

const server = spawn(process.execPath, [path.join(root, 'server/dist/main.cjs')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DEMO: process.env.DEMO ?? '1',
    DEV_RELOAD: '1',
    ...(standalone ? { DEV_STANDALONE: watched[0] } : {}),
  },
});
children.push(server);
console.log(
  `» Watching ${watched.join(', ')}; edit their code and the open pages reload when it is built.${standalone ? ` Every page is ${watched[0]}'s standalone page (no shell).` : ''}`,
);

const stop = (sig) => {
  for (const c of children) c.kill(sig);
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
server.on('exit', (code) => {
  stop('SIGTERM');
  process.exit(code ?? 0);
});
