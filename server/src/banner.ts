/** The start-up banner main.ts prints once the server listens (separate so tests can read it). */
import { isAllInterfaces, type Config } from './config';
import { DEMO_ORGS, DEMO_PASSWORD, DEMO_TAGS, DEMO_USERS } from './seed/fleet';

const USER_TYPE_NAMES = ['SuperUser', 'User', 'Reader'];

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

/** Demo passwords are printed below and published: say so when anyone on the network can use them. */
export function demoExposedWarning(host: string): string {
  return `WARNING: demo data with public passwords is reachable on every network interface (HOST=${host}). Set HOST=127.0.0.1, or DEMO=0 for real use.`;
}

export function banner(config: Config, port: number): string {
  const host = isAllInterfaces(config.host) ? 'localhost' : config.host;
  const lines = [`Fieldwatch is running at http://${host}:${port}`, `Database: ${describeDatabase(config)}`];
  if (config.demo && isAllInterfaces(config.host)) lines.push(demoExposedWarning(config.host));
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
