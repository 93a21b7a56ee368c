/** CLI entry: `node server/dist/main.cjs [--help]`. Configuration comes from the environment. */
import { buildApp } from './app';
import { banner } from './banner';
import { ConfigError, DB_TIMEOUT_DEFAULTS, ENV_VARS, loadConfig, type Config } from './config';
import { describeStartupError } from './db/startup-error';

function usage(): string {
  const width = Math.max(...ENV_VARS.map((v) => v.name.length));
  const vars = ENV_VARS.map(
    (v) => `  ${v.name.padEnd(width)}  ${v.description} (default: ${v.default})`,
  ).join('\n');
  return [
    'Fieldwatch server: API, database and static hosting of the front end.',
    '',
    'Usage: node server/dist/main.cjs [--help]',
    '',
    'Environment variables:',
    vars,
    '',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage());
    return 0;
  }
  if (argv.length > 0) {
    process.stderr.write(`Unknown argument: ${argv[0]}\n\n${usage()}`);
    return 2;
  }

  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      return 2;
    }
    throw err;
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config });
  } catch (err) {
    // An unreachable or locked database: one line naming the cause, not a stack.
    const line = describeStartupError(err, config, DB_TIMEOUT_DEFAULTS.connectMs);
    if (!line) throw err;
    process.stderr.write(`${line}
`);
    return 1;
  }
  const stop = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(`${banner(config, port)}\n`);
  return -1; // keep running
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    process.stderr.write(
      `Fieldwatch server failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
