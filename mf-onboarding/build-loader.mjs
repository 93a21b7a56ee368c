/* global console */
// Builds the partner pages' loader (src/loader/embed-loader.ts) into dist/embed.js, which the
// server serves as /onboarding/embed.js: one small classic script (no module, no federation
// runtime), so it works in a plain <script async> on any page. Run after webpack, which empties dist/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dir = path.dirname(fileURLToPath(import.meta.url));
const result = await build({
  entryPoints: [path.join(dir, 'src/loader/embed-loader.ts')],
  outfile: path.join(dir, 'dist/embed.js'),
  bundle: true,
  format: 'iife',
  target: 'es2019',
  minify: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
console.log(`onboarding: dist/embed.js (${(bytes / 1024).toFixed(1)} KiB)`);
