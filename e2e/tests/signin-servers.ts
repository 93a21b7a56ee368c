/**
 * For the sign-in journeys (bankid.spec.ts, signin.spec.ts): a Fieldwatch server of their own —
 * the production build, a fresh in-memory demo database — configured as the shared one is not:
 * its mail goes by SMTP to a real SMTP sink in this process, and BankID is a REAL OpenID provider
 * in this process (oidc-provider, the server tests' one: server/test/oidc-helpers.ts), whose
 * development login and consent pages stand in for the BankID app.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startProvider, TEST_CLIENT, type TestProvider } from '../../server/test/oidc-helpers';

const root = path.resolve(__dirname, '..', '..');

export interface Mail {
  to: string[];
  raw: string;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Every message the sink accepted. */
async function startSmtpSink() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { mails, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface SignInServers {
  /** http://127.0.0.1:<port> of the Fieldwatch server. */
  base: string;
  provider: TestProvider;
  mails: Mail[];
  close(): Promise<void>;
}

/** The environment of a journey's own demo server on `port` (in memory, no simulator), plus `extra`. */
export function demoServerEnv(port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    DEMO: '1',
    SIMULATOR: '0',
    LOG_LEVEL: 'warn',
    WEATHER_URL: 'off',
    ...extra,
  };
}

/**
 * Starts the sink, the provider (when `bankid`) and the server. `accounts`: the provider's
 * accounts (id → claims); the login form of the provider takes the id.
 */
export async function startSignInServers(opts: { bankid: boolean; accounts?: Record<string, Record<string, unknown>> }): Promise<SignInServers> {
  const smtp = await startSmtpSink();
  const provider = await startProvider(opts.accounts ?? {});
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  if (opts.bankid) provider.start(`${base}/api/v3/auth/bankid/callback`);
  const env = demoServerEnv(port, {
    SMTP_URL: smtp.url,
    ...(opts.bankid
      ? { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: TEST_CLIENT.id, OIDC_CLIENT_SECRET: TEST_CLIENT.secret }
      : {}),
  });
  const server = await startFieldwatch(base, env, 'the sign-in server');
  return {
    base,
    provider,
    mails: smtp.mails,
    close: async () => {
      await server.stop();
      await provider.close();
      await smtp.close();
    },
  };
}

/**
 * A Fieldwatch server of a journey's own: the production build with `env`, answering at `base`
 * once its health check does. stop() ends it (SIGTERM, SIGKILL after 10 s: an open event stream
 * must not hold a hook past its timeout).
 */
export async function startFieldwatch(base: string, env: NodeJS.ProcessEnv, what = 'the server'): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'server/dist/main.cjs')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    stop: async () => {
      const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** The text of a mail, quoted-printable decoded. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}
