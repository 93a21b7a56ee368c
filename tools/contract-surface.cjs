// The platform contract's surface (issue 21 §3): what each released version of @fieldwatch/shared
// exports through the entry points the shell provides to the remotes at run time (the federated
// singletons `@fieldwatch/shared`, `/ui` and `/map`), kept as one JSON file per version in
// shared/contract/. A remote calls these exports of the SHELL's copy, so a remote needs the oldest
// released version whose surface holds every name it imports — that is the range its manifest
// declares (tools/webpack.base.cjs), and a shell of that version can mount it.
//
//   node tools/contract-surface.cjs --write               the current source's surface, as
//                                                        shared/contract/<its version>.json
//   node tools/contract-surface.cjs --write --git <rev>  the surface of shared/ at a commit
//   node tools/contract-surface.cjs --check              what each remote imports and needs
//
// shared/test/contract-surface.test.ts keeps the files honest: the current version's file is the
// current surface, a later version of the same major drops nothing, and every remote builds
// against the versions its range admits.
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const sharedDir = path.join(root, 'shared');
const contractDir = path.join(sharedDir, 'contract');
const REMOTES = ['mf-dashboard', 'mf-devices', 'mf-tasks', 'mf-admin', 'mf-onboarding'];

/** The federated entry points: import path → file under shared/. */
const ENTRY_POINTS = {
  '@fieldwatch/shared': 'src/index.ts',
  '@fieldwatch/shared/ui': 'src/ui/index.tsx',
  '@fieldwatch/shared/map': 'src/map/index.ts',
};

function typescript() {
  return require(require.resolve('typescript', { paths: [sharedDir, root] }));
}

/** { entry point: sorted export names } of a shared/ tree (values and types alike). */
function surfaceOf(dir) {
  const ts = typescript();
  const files = Object.values(ENTRY_POINTS).map((f) => path.join(dir, f));
  const program = ts.createProgram(files, {
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    allowJs: false,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const out = {};
  for (const [name, file] of Object.entries(ENTRY_POINTS)) {
    const source = program.getSourceFile(path.join(dir, file));
    const symbol = source && checker.getSymbolAtLocation(source);
    if (!symbol) throw new Error(`cannot read the exports of ${file} in ${dir}`);
    out[name] = checker
      .getExportsOfModule(symbol)
      .map((s) => s.getName())
      .sort();
  }
  return out;
}

/** The surface of shared/ at a git revision (checked out into a folder beside shared/src). */
function surfaceAt(rev) {
  const tmp = fs.mkdtempSync(path.join(sharedDir, '.contract-'));
  try {
    const tar = execFileSync('git', ['archive', rev, 'shared/src', 'shared/package.json'], {
      cwd: root,
      maxBuffer: 1 << 28,
    });
    execFileSync('tar', ['-x', '--strip-components=1', '-C', tmp], { input: tar });
    const version = JSON.parse(fs.readFileSync(path.join(tmp, 'package.json'), 'utf8')).version;
    return { version, surface: surfaceOf(tmp) };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function currentVersion() {
  return JSON.parse(fs.readFileSync(path.join(sharedDir, 'package.json'), 'utf8')).version;
}

const parse = (v) => v.split('.').map(Number);
const compare = (a, b) => {
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};

/** Every version with a surface file, oldest first: [{ version, surface }]. */
function releasedSurfaces() {
  if (!fs.existsSync(contractDir)) return [];
  return fs
    .readdirSync(contractDir)
    .filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f))
    .map((f) => ({
      version: f.slice(0, -5),
      surface: JSON.parse(fs.readFileSync(path.join(contractDir, f), 'utf8')),
    }))
    .sort((a, b) => compare(a.version, b.version));
}

function sourceFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  walk(dir);
  return out;
}

/**
 * What a remote's source imports from the federated entry points: { entry point: sorted names }.
 * A namespace import (`import * as x`) counts as every export ('*').
 */
function importsOf(remoteDir) {
  const ts = typescript();
  const found = {};
  const add = (from, name) => (found[from] ??= new Set()).add(name);
  for (const file of sourceFiles(path.join(remoteDir, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes('@fieldwatch/shared')) continue;
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      false,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    for (const node of source.statements) {
      const isImport = ts.isImportDeclaration(node);
      if (!isImport && !ts.isExportDeclaration(node)) continue;
      const spec = node.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || !(spec.text in ENTRY_POINTS)) continue;
      const from = spec.text;
      if (isImport) {
        const clause = node.importClause;
        if (!clause) continue;
        if (clause.name) add(from, 'default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) add(from, '*');
        else if (bindings) for (const el of bindings.elements) add(from, (el.propertyName ?? el.name).text);
      } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const el of node.exportClause.elements) add(from, (el.propertyName ?? el.name).text);
      } else {
        add(from, '*');
      }
    }
  }
  return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, [...v].sort()]));
}

/** The names of `imports` a surface lacks, as "entry point: name". */
function missingIn(surface, imports) {
  const missing = [];
  for (const [from, names] of Object.entries(imports)) {
    const offered = new Set(surface[from] ?? []);
    for (const name of names)
      if (name === '*' ? !surface[from] : !offered.has(name)) missing.push(`${from}: ${name}`);
  }
  return missing;
}

/**
 * The oldest released version of the current major that offers everything `imports` names; the
 * current version when no earlier one does (or there are no surface files).
 */
function minimumVersion(imports, current = currentVersion(), released = releasedSurfaces()) {
  const major = parse(current)[0];
  for (const { version, surface } of released) {
    if (parse(version)[0] !== major || compare(version, current) > 0) continue;
    if (missingIn(surface, imports).length === 0) return version;
  }
  return current;
}

/** The range of @fieldwatch/shared a remote's manifest declares: ^ of its minimum version. */
function requiredContract(remoteDir) {
  return `^${minimumVersion(importsOf(remoteDir))}`;
}

module.exports = {
  ENTRY_POINTS,
  REMOTES,
  surfaceOf,
  surfaceAt,
  releasedSurfaces,
  importsOf,
  missingIn,
  minimumVersion,
  requiredContract,
  currentVersion,
  root,
  sharedDir,
  contractDir,
};

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.length === 0) {
    console.log(
      fs
        .readFileSync(__filename, 'utf8')
        .split('\n')
        .slice(0, 15)
        .map((l) => l.replace(/^\/\/ ?/, ''))
        .join('\n'),
    );
    process.exit(0);
  }
  if (args.includes('--write')) {
    const gitAt = args.indexOf('--git');
    const { version, surface } =
      gitAt >= 0 ? surfaceAt(args[gitAt + 1]) : { version: currentVersion(), surface: surfaceOf(sharedDir) };
    fs.mkdirSync(contractDir, { recursive: true });
    const file = path.join(contractDir, `${version}.json`);
    fs.writeFileSync(file, JSON.stringify(surface, null, 2) + '\n');
    const count = Object.values(surface).reduce((n, names) => n + names.length, 0);
    console.log(`contract-surface: ${path.relative(root, file)} (${count} exports)`);
  }
  if (args.includes('--check')) {
    for (const remote of REMOTES) {
      const dir = path.join(root, remote);
      const imports = importsOf(dir);
      const count = Object.values(imports).reduce((n, names) => n + names.length, 0);
      console.log(`${remote}: imports ${count} names; needs ^${minimumVersion(imports)}`);
    }
  }
}
