#!/usr/bin/env node
// `npm start`: install (pinned pnpm), build what is stale for production, and serve the product on
// http://localhost:3000 (PORT overrides) with the embedded database and demo data.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkNode, ensureBuilt, ensureInstalled, root } from './workspace.mjs';

checkNode();
try {
  ensureInstalled();
  ensureBuilt();
} catch (err) {
  console.error(`\n✖ ${err.message}. Fix the error above and run npm start again.`);
  process.exit(1);
}

const env = { ...process.env, DEMO: process.env.DEMO ?? '1' };
const server = spawn(process.execPath, [path.join(root, 'server/dist/main.cjs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
