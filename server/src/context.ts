/** What every domain plugin receives: its dependencies, passed explicitly as plugin options. */
import type { Config } from './config';
import type { Db } from './db/client';
import type { MeasurementHooks } from './modules/ingestion/hooks';
import type { LegacyRegistry } from './modules/legacy/registry';
import type { Mailer } from './modules/mail/mailer';

export interface ServerContext {
  db: Db;
  config: Config;
  /** Outgoing mail (SMTP, or .eml files without SMTP_URL). */
  mail: Mailer;
  /** This app's xrequest methods (/api/v1/xrequest/<Method>): domain plugins register theirs. */
  legacy: LegacyRegistry;
  /** This app's subscribers to newly stored measurements (the alarms domain evaluates limits). */
  measurements: MeasurementHooks;
}
