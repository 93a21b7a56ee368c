/* global process */
// Bundles the benchmark (bench/run.ts) into dist/bench.cjs with esbuild, like build.mjs bundles the
// server: node built-ins and the server's dependencies stay external, the TypeScript sources (server
// and @fieldwatch/shared) are bundled. dist/ is one level below server/, as src/ is, so src/paths.ts
// finds the migrations from the bundle too. `pnpm --filter @fieldwatch/server bench` builds, then runs it.
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
const ownDeps = deps.filter((d) => !d.startsWith('@fieldwatch/'));
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

const packageName = (spec) => {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

// `node bench/build.mjs [entry.ts]`: another entry (a scratch script) goes to dist/<name>.cjs.
const entry = process.argv[2] ? path.resolve(process.argv[2]) : path.join(dir, 'bench/run.ts');
const outName = process.argv[2] ? path.basename(entry).replace(/\.ts$/, '') : 'bench';

await build({
  entryPoints: [entry],
  outfile: path.join(dir, `dist/${outName}.cjs`),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'bench-externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (builtins.has(args.path)) return { path: args.path, external: true };
          if (ownDeps.includes(packageName(args.path))) return { path: args.path, external: true };
          return undefined;
        });
      },
    },
  ],
}).catch(() => process.exit(1));
