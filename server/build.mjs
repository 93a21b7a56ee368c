/* global console, process */
// Bundles the server into dist/main.cjs (Node 20, CommonJS).
//
// External: node built-ins and the server's own dependencies (package.json "dependencies"),
// which are installed next to the bundle and include native/wasm parts (argon2, PGlite) that
// cannot be bundled. Bundled: the @fieldwatch/* workspace packages (TypeScript source) and the
// few pure-JS libraries they use that the server does not depend on itself (e.g. zustand, via a
// shared rule), because those are not resolvable from server/ at run time.
// The migrations stay in server/drizzle/ and are found relative to the bundle (src/paths.ts).
import { builtinModules, createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dir = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const ownDeps = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@fieldwatch/'));
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** "drizzle-orm/pglite/migrator" -> "drizzle-orm"; "@scope/x/y" -> "@scope/x". */
function packageName(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const externals = {
  name: 'server-externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (builtins.has(args.path)) return { path: args.path, external: true };
      if (ownDeps.includes(packageName(args.path))) return { path: args.path, external: true };
      return undefined; // bundle (workspace sources and their pure-JS dependencies)
    });
  },
};

const result = await build({
  entryPoints: [path.join(dir, 'src/main.ts')],
  outfile: path.join(dir, 'dist/main.cjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [externals],
});

// Every external the bundle requires must resolve from dist/ at run time.
const requireFromDist = createRequire(path.join(dir, 'dist/main.cjs'));
const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imp of output.imports) {
    if (!imp.external || builtins.has(imp.path)) continue;
    try {
      requireFromDist.resolve(imp.path);
    } catch {
      missing.add(imp.path);
    }
  }
}
if (missing.size) {
  console.error(`Unresolvable externals in dist/main.cjs: ${[...missing].join(', ')}`);
  process.exit(1);
}
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`server: dist/main.cjs (${Math.round(bytes / 1024)} KiB)`);
