import type { Config } from '../config';
import type { Db } from './db/engine';
import type { FileStorage } from './storage/storage';

/** Everything a handler may need besides its scoped transaction. */
export interface Services {
  config: Config;
  storage: FileStorage;
}

/** The platform's own view, which also holds the raw database (never handed to modules). */
export interface Platform extends Services {
  db: Db;
}
