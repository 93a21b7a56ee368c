/**
 * Outgoing mail: nodemailer over SMTP_URL. Without an SMTP server each message is
 * written as an .eml file into MAIL_DIR, so that a local user can still follow a password link,
 * and one log line names the recipient, the subject and the file — never the message's text,
 * which may carry a secret link. One Mailer per app (ServerContext.mail): no module-global state.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_MAIL_FROM, type Config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (e.g. List-Unsubscribe of a notification digest). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends (or files) one message; rejects when it could not. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** An SMTP server that does not answer must not hold a request (or a background send) for long. */
const SMTP_TIMEOUT_MS = 10_000;

/** What may be logged about a failure: never the message, which could quote the mail. */
export function mailErrorSummary(err: unknown): { code?: string; name?: string; responseCode?: number } {
  const e = err as { code?: unknown; name?: unknown; responseCode?: unknown };
  return {
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(typeof e?.name === 'string' ? { name: e.name } : {}),
    ...(typeof e?.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
  };
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailDir'>,
  log: FastifyBaseLogger,
): Mailer {
  const from = config.mailFrom ?? DEFAULT_MAIL_FROM;
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, from, log);
  return fileMailer(config.mailDir, from, log);
}

function smtpMailer(url: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send({ to, subject, text, headers }) {
      const info = await transport.sendMail({ from, to, subject, text, ...(headers ? { headers } : {}) });
      log.info({ to, subject, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function fileMailer(dir: string | undefined, from: string, log: FastifyBaseLogger): Mailer {
  // Builds the raw RFC 5322 message exactly as SMTP would carry it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, headers }) {
      if (!dir) {
        log.info({ to, subject }, 'mail not sent: neither SMTP_URL nor MAIL_DIR is set');
        return;
      }
      const info = await transport.sendMail({ from, to, subject, text, ...(headers ? { headers } : {}) });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to, subject, file }, 'mail written to a file (SMTP_URL is unset)');
    },
    close: () => transport.close(),
  };
}
