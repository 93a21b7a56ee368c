// One webpack setup for the shell and every remote: swc for TypeScript, CSS Modules with a
// per-app class prefix, Module Federation 2 with the shared singletons of ARCHITECTURE.md, and
// swc minification. Each app's webpack.config.cjs calls createConfig with what differs.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const contractSurface = require('./contract-surface.cjs');

const root = path.resolve(__dirname, '..');
const STANDALONE_ENTRY = path.join(root, 'shared/src/standalone/entry.ts');
/** The shell's icon (shell/public/index.html), so a standalone page asks for no /favicon.ico. */
const STANDALONE_ICON = (/<link rel="icon"[^>]*>/.exec(fs.readFileSync(path.join(root, 'shell/public/index.html'), 'utf8')) ?? [''])[0];
const CHUNK_LOAD_TIMEOUT_MS = 120_000; // the spec's chunk timeout (also CHUNK_LOAD_TIMEOUT_MS in @fieldwatch/shared)

/**
 * The shell's federation runtime plugins: failed remote loads are reported (the area's panel), and
 * asked again first — twice, a second apart, the manifest within the chunk load timeout.
 */
function shellRuntimePlugins(dir) {
  const remotes = path.join(dir, 'src/features/remotes');
  return [
    path.join(remotes, 'runtime-plugin.ts'),
    [path.join(remotes, 'retry-plugin.ts'), { retryTimes: 2, retryDelayMs: 1000, manifestTimeoutMs: CHUNK_LOAD_TIMEOUT_MS }],
  ];
}

/** The version of a dependency as installed for the app in `dir` (explicit versions for sharing). */
function installedVersion(dir, name) {
  let pkgDir = path.dirname(require.resolve(name, { paths: [dir] }));
  for (;;) {
    const file = path.join(pkgDir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name === name) return pkg.version;
    }
    const up = path.dirname(pkgDir);
    if (up === pkgDir) throw new Error(`Cannot find the version of ${name} from ${dir}`);
    pkgDir = up;
  }
}

/**
 * "react-router-dom" resolves to tools/react-router-dom.facade.mjs, and "react-router" (which the
 * facade re-exports from) to its production ES build: react-router 7 maps every import to its
 * development build (remix-run/react-router#12532). The facade is what is shared as the
 * react-router-dom singleton, tree-shaken to the names the apps use. Tests (jest) use the package.
 */
function routerAlias(dir) {
  const dom = path.dirname(require.resolve('react-router-dom/package.json', { paths: [dir] }));
  const router = path.dirname(require.resolve('react-router/package.json', { paths: [dom] }));
  const production = path.join(router, 'dist/production/index.mjs');
  return {
    'react-router-dom$': path.join(__dirname, 'react-router-dom.facade.mjs'),
    'react-router$': fs.existsSync(production) ? production : path.join(router, 'dist/development/index.mjs'),
  };
}

/**
 * Copies the shell's public/*.js next to index.html, as they are (no hash: index.html names them).
 * Scripts that must run before the bundles (the theme bootstrap) are files, not inline: the
 * server's Content-Security-Policy allows no inline script.
 */
class PublicScriptsPlugin {
  constructor(dir) {
    this.dir = path.join(dir, 'public');
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PublicScriptsPlugin', (compilation) => {
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;
      compilation.hooks.processAssets.tap({ name: 'PublicScriptsPlugin', stage }, () => {
        for (const file of fs.readdirSync(this.dir).filter((f) => f.endsWith('.js'))) {
          const full = path.join(this.dir, file);
          compilation.fileDependencies.add(full);
          compilation.emitAsset(file, new webpack.sources.RawSource(fs.readFileSync(full)));
        }
      });
    });
  }
}

/** Shared singletons: one copy of each on the page, whoever loads first (shareStrategy loaded-first). */
function sharedConfig(dir) {
  // Each singleton declares the exact version the app was built with (issue 21 §3: its manifest
  // says what it was tested against). The page has one copy — the first loaded, the shell's — and
  // a remote built with another version still runs on it; the federation runtime warns in the
  // console, which the journeys' clean-console check would catch.
  const single = (name, extra = {}) => {
    const version = installedVersion(dir, name);
    return { singleton: true, version, requiredVersion: version, ...extra };
  };
  const react = single('react');
  const reactDom = single('react-dom');
  // The platform contract (shared/src/contract/version.ts): a remote needs the oldest released
  // @fieldwatch/shared of its major whose exports hold every name it imports from the shell's copy
  // (tools/contract-surface.cjs; shared/contract/<version>.json) — at most the version it was built
  // against. The server never hands a page a remote its shell's version misses, and the shell
  // refuses to mount one (its manifest says the range). The shell provides its own version.
  const contract = installedVersion(dir, '@fieldwatch/shared').split('.');
  const isRemote = contractSurface.REMOTES.includes(path.basename(dir));
  const sharedPkg = single('@fieldwatch/shared', {
    requiredVersion: isRemote ? contractSurface.requiredContract(dir) : `^${contract[0]}.${contract[1]}.0`,
  });
  return {
    react,
    'react/': react,
    'react-dom': reactDom,
    'react-dom/': reactDom,
    'react-router-dom': single('react-router-dom'),
    zustand: single('zustand'),
    i18next: single('i18next'),
    'react-i18next': single('react-i18next'),
    axios: single('axios'),
    moment: single('moment'),
    // The page's one data cache: the shell's QueryClient and every remote's hooks must share a copy.
    '@tanstack/react-query': single('@tanstack/react-query'),
    '@fieldwatch/shared': sharedPkg,
    '@fieldwatch/shared/ui': sharedPkg,
    // Maps are drawn by two areas (the dashboard's map widgets, the devices area's unit and group
    // maps): one copy of Leaflet and of the shared map basics for the page, shared by the apps
    // that depend on Leaflet.
    ...(dependsOn(dir, 'leaflet') ? { leaflet: single('leaflet'), '@fieldwatch/shared/map': sharedPkg } : {}),
    // Charts too (the dashboard's chart widgets, a unit's charts): one Highcharts for the page, its
    // modules (highcharts/highcharts-more) included. The kit around it (@fieldwatch/shared/chart)
    // is small and bundled by each app that draws charts.
    ...(dependsOn(dir, 'highcharts') ? chartShared(single) : {}),
  };
}

function chartShared(single) {
  const highcharts = single('highcharts');
  return { highcharts, 'highcharts/': highcharts, 'highcharts-react-official': single('highcharts-react-official') };
}

/** Whether the app's package.json lists the package (shared only between apps that use it). */
function dependsOn(dir, name) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return Boolean(pkg.dependencies?.[name]);
}

/**
 * @param {object} o
 * @param {string} o.dir        the app's folder
 * @param {string} o.name       federation name (shell, dashboard, devices, …)
 * @param {string} o.cssPrefix  prefix of every CSS Modules class of the app
 * @param {Record<string,string>} [o.exposes]
 * @param {boolean} [o.isShell]
 */
function createConfig({ dir, name, cssPrefix, exposes = {}, isShell = false }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // `npm run dev` (tools/dev.mjs): a production build — React's production build on both sides
    // of the federation, as the shell's — without minifying or precompressing, rebuilt on change.
    const devLoop = process.env.FW_DEV_LOOP === '1';
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      // A remote's build also has its standalone page (standalone.html: the area without the shell,
      // with its own sign-in; shared/src/standalone/), which `npm run dev -- <remote> --standalone` serves.
      entry: isShell ? { main: './src/index.ts' } : { main: './src/index.ts', standalone: STANDALONE_ENTRY },
      output: {
        path: path.join(dir, 'dist'),
        // Remotes: 'auto' resolves the public path from where remoteEntry.js was loaded, so a
        // remote can move to a CDN or another origin without a rebuild.
        publicPath: isShell ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: `fieldwatch_${name}`,
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        clean: true,
      },
      devtool: process.env.FW_SOURCEMAPS ? 'source-map' : false,
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        alias: { ...routerAlias(dir), ...(isShell ? {} : { 'fw-standalone-app$': path.join(dir, 'src/app.tsx') }) },
      },
      module: {
        // An import of a name a module does not export (e.g. one missing from the router facade)
        // fails the build instead of becoming undefined at run time.
        // `new CrossOriginWorker(new URL('./x.worker.ts', import.meta.url))` is a worker to bundle, as
        // `new Worker(new URL(…))` is: it starts the worker through a same-origin bootstrap when the
        // app is served from another origin (@fieldwatch/shared/worker). The second form is how
        // shared's own map code imports it.
        parser: {
          javascript: {
            exportsPresence: 'error',
            worker: ['...', 'CrossOriginWorker from @fieldwatch/shared/worker', 'CrossOriginWorker from ../worker'],
          },
        },
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.module\.css$/,
            use: [
              'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    localIdentName: production ? `${cssPrefix}-[local]-[hash:base64:5]` : `${cssPrefix}-[name]__[local]`,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                  },
                },
              },
            ],
          },
          { test: /\.css$/, exclude: /\.module\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|svg|jpe?g|webp|woff2?)$/, type: 'asset' },
          // typebox (the contract's schema builders) does not declare itself free of side effects;
          // it is, and saying so lets a bundle keep only the few builders it calls (~4 KB, not ~17 KB).
          { test: /[\\/]node_modules[\\/].*typebox[\\/]build[\\/]/, sideEffects: false },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedConfig(dir),
          shareStrategy: 'loaded-first',
          manifest: isShell ? false : { fileName: 'mf-manifest.json' },
          dts: false,
          runtimePlugins: isShell ? shellRuntimePlugins(dir) : [],
          // A remote loads no remotes of its own: its copy of the federation runtime can leave out
          // remote loading and the manifest snapshot code (the shell's runtime does both).
          ...(isShell ? {} : { experiments: { optimization: { disableSnapshot: true, disableRemote: true } } }),
        }),
        // moment ships ~160 locales; we offer en, da, de, sv.
        new webpack.ContextReplacementPlugin(/moment[/\\]locale$/, /^\.\/(da|de|sv)$/),
        new webpack.DefinePlugin({
          'process.env.FW_SENTRY_DSN': JSON.stringify(process.env.FW_SENTRY_DSN ?? ''),
          'process.env.FW_RELEASE': JSON.stringify(process.env.FW_RELEASE ?? 'dev'),
          ...(isShell ? {} : { __FW_REMOTE_NAME__: JSON.stringify(name) }),
        }),
        ...(isShell
          ? [
              new HtmlWebpackPlugin({ template: path.join(dir, 'public/index.html'), scriptLoading: 'defer' }),
              new PublicScriptsPlugin(dir),
            ]
          : [
              new HtmlWebpackPlugin({
                filename: 'standalone.html',
                chunks: ['standalone'],
                // The page is served at the area's own paths (/taskmanagement…), not beside its files.
                publicPath: `/remotes/${name}/`,
                scriptLoading: 'defer',
                templateContent: `<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fieldwatch — ${name} (standalone)</title>${STANDALONE_ICON}</head><body><div id="root"></div></body></html>`,
              }),
            ]),
        // Precompressed copies beside each text file (file.js.br, file.js.gz): the server sends the
        // one the browser accepts (@fastify/static preCompressed), as a CDN in front of the files
        // would; compressed once here at the highest level, never per request.
        ...(production && !devLoop ? precompress() : []),
      ],
      optimization: {
        minimize: production && !devLoop,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } })],
      },
      performance: { hints: false },
      // The dev loop says how long each rebuild took (tools/dev.mjs reads "compiled … in N ms").
      stats: devLoop ? { preset: 'errors-warnings', timings: true } : 'errors-warnings',
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(root, 'node_modules/.cache/webpack', name),
        // The cache does not see `devtool`: without this, a build with FW_SOURCEMAPS=1 after one
        // without restores the cached assets and writes no source maps (and the other way round).
        version: `${process.env.FW_SOURCEMAPS ? 'source-maps' : 'no-source-maps'}${devLoop ? '-dev-loop' : ''}`,
      },
    };
  };
}

/** Brotli (quality 11) and gzip (level 9) copies of text files over 1 KB that come out smaller. */
function precompress() {
  const test = /\.(js|css|html|json|svg|txt|map)$/;
  return [
    new CompressionPlugin({
      test,
      threshold: 1024,
      minRatio: 0.9,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      test,
      threshold: 1024,
      minRatio: 0.9,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

module.exports = { createConfig, sharedConfig };
