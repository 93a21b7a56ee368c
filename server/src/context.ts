/** What every domain plugin receives: its dependencies, passed explicitly as plugin options. */
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './modules/mail/mailer';

export interface ServerContext {
  db: Db;
  config: Config;
  /** Outgoing mail (SMTP, or .eml files without SMTP_URL). */
  mail: Mailer;
}
