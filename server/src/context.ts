/** What every domain plugin receives: its dependencies, passed explicitly as plugin options. */
import type { Config } from './config';
import type { Db } from './db/client';

export interface ServerContext {
  db: Db;
  config: Config;
}
