// Kysely dialect for PGlite (embedded PostgreSQL in WASM): one in-process connection,
// handed out to one holder at a time through a mutex, so a transaction's statements never
// interleave with anyone else's. It must never be used with streaming queries, and code
// inside a transaction must use the transaction object, never the outer db (it would wait
// for the connection the transaction holds: a deadlock by design of a single connection).
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

export interface PGliteDialectConfig {
  pglite: PGlite;
  /** Close the PGlite instance when Kysely is destroyed (true unless the caller owns it). */
  closeOnDestroy?: boolean;
}

export class PGliteDialect implements Dialect {
  constructor(private readonly config: PGliteDialectConfig) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.config);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** A FIFO lock: `acquire` resolves when every earlier holder has released. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    await previous;
    return release;
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  #release: (() => void) | null = null;

  constructor(private readonly config: PGliteDialectConfig) {
    this.#connection = new PGliteConnection(config.pglite);
  }

  async init(): Promise<void> {
    await this.config.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.acquire();
    this.#release = release;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const parts = ['start transaction'];
    if (settings.isolationLevel) parts.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) parts.push(settings.accessMode);
    await connection.executeQuery(CompiledQuery.raw(parts.join(' ')));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    // Wait for the current holder so a closing server never cuts a transaction in half.
    const release = await this.#mutex.acquire();
    try {
      if (this.config.closeOnDestroy !== false && !this.config.pglite.closed) await this.config.pglite.close();
    } finally {
      release();
    }
  }
}

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const counted = result.command !== undefined && COUNTED_COMMANDS.has(result.command);
    return {
      rows: result.rows ?? [],
      numAffectedRows: counted ? BigInt(result.rowCount ?? result.affectedRows ?? 0) : undefined,
    };
  }

  // eslint-disable-next-line require-yield -- the interface demands a generator; PGlite has no cursors here.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGliteDialect does not support streaming queries');
  }
}
