/** CLI entry: `node server/dist/main.cjs [--help]`. Configuration comes from the environment. */
import { buildApp } from './app';
import { ConfigError, ENV_VARS, loadConfig, type Config } from './config';
import { DEMO_ORGS, DEMO_PASSWORD, DEMO_TAGS, DEMO_USERS } from './seed/fleet';

const USER_TYPE_NAMES = ['SuperUser', 'User', 'Reader'];

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

function describeDatabase(config: Config): string {
  if (config.databaseUrl) {
    // Never print a password.
    try {
      const url = new URL(config.databaseUrl);
      url.password = url.password ? '***' : '';
      return `PostgreSQL ${url.toString()}`;
    } catch {
      return 'PostgreSQL (DATABASE_URL)';
    }
  }
  return config.dataDir === 'memory://' ? 'PGlite in memory' : `PGlite in ${config.dataDir}`;
}

function banner(config: Config, port: number): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [`Fieldwatch is running at http://${host}:${port}`, `Database: ${describeDatabase(config)}`];
  if (config.demo) {
    lines.push(`Demo logins (password "${DEMO_PASSWORD}"):`);
    const orgName = (key: string) => DEMO_ORGS.find((o) => o.key === key)?.name ?? key;
    for (const u of DEMO_USERS) {
      lines.push(
        `  ${u.username.padEnd(12)} ${(USER_TYPE_NAMES[u.userType] ?? '').padEnd(10)} ${u.orgs.map(orgName).join(', ')}`,
      );
    }
    lines.push(`Demo NFC tag to onboard: ${DEMO_TAGS.notActivated}`);
  }
  return lines.join('\n');
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

  const app = await buildApp({ config });
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
