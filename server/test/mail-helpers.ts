/** Reading the mails the server sent in tests: raw RFC 5322 messages (.eml files or SMTP DATA). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Headers (lower-cased names, unfolded) and the decoded text of a single-part message. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let text: string;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
    text = decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  } else text = body;
  return { headers, text };
}

/** The password link in a mail's text. */
export function linkIn(text: string): URL {
  const m = /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(text);
  if (!m) throw new Error(`no link in mail:\n${text}`);
  return new URL(m[0]);
}

/** The .eml files in a folder, oldest first. */
export function emlFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.eml'))
    .sort()
    .map((n) => path.join(dir, n));
}

export function readEml(file: string) {
  return parseMail(readFileSync(file, 'utf8'));
}

/** Decodes an RFC 2047 encoded-word header (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
export function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeURIComponent(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
  );
}

/**
 * A real SMTP server in this process (127.0.0.1, a free port) that keeps every message it accepts;
 * `state.refuse` makes it reject recipients (a mail fault). `nth(n)` waits for the n-th message.
 */
export async function startSmtpSink() {
  const { SMTPServer } = await import('smtp-server');
  const received: Array<{ to: string[]; raw: string }> = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      cb(state.refuse ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as import('node:net').AddressInfo).port;
  const nth = async (n: number): Promise<ReturnType<typeof parseMail> & { to: string[] }> => {
    for (let i = 0; i < 200 && received.length < n; i++) await new Promise((r) => setTimeout(r, 25));
    const m = received[n - 1];
    if (!m) throw new Error(`mail ${n} did not arrive (${received.length} arrived)`);
    return { ...parseMail(m.raw), to: m.to };
  };
  return {
    received,
    state,
    nth,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
