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
