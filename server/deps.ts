// What every plugin and module receives from buildApp: the database, the configuration and
// the clock. Tests pass their own clock to move time; nothing reads Date.now() directly
// where a rule depends on time.
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';

export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => Date;
}
