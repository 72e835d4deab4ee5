// SQL behind the idempotency plugin: claim a key, store the answer, release a failed claim.
// Works across server instances: the primary key (user_id, key) decides who runs first, and a
// claim names the instance that holds it (`owner`). A claim without an answer is taken over only
// when its owner is gone (`isLive` says whether it still runs): never while the first run may
// still be working, however long it takes. Never interprets response bodies; they are kept as
// the exact JSON text that was sent.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export type BeginOutcome =
  | { kind: 'new' }
  | { kind: 'replay'; statusCode: number; body: string | null }
  | { kind: 'mismatch' }
  | { kind: 'in-flight' };

/** Whether the run that holds a claim (owner null: a claim from before 0019) can still answer it. */
export type OwnerIsLive = (owner: string | null, claimedAt: Date) => Promise<boolean>;

/** Object keys sorted, so the same JSON body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()} ${url}\n${canonicalJson(body ?? null)}`).digest('hex');
}

/**
 * A FROM item that makes a statement commit without waiting for its WAL flush: a claim costs no
 * fsync of its own. Safe: the WAL is written in order, so the action's own commit (synchronous)
 * makes the claim before it durable, and a claim lost in a crash only means that nobody holds
 * the key. A stored answer is written this way only inside a batch, whose one answer waits for
 * `flush` (every answer of the batch durable at once): an answer never leaves before it is durable.
 */
const asynchronousCommit = sql`(SELECT set_config('synchronous_commit', 'off', true)) AS asynchronous_commit`;

export function createIdempotencyStore(db: Kysely<Database>, owner: string, isLive: OwnerIsLive) {
  const records = () => db.selectFrom('idempotency_records');

  async function begin(userId: number, key: string, hash: string, now: Date, attempt = 0): Promise<BeginOutcome> {
    const { rows: inserted } = await sql<{ key: string }>`
      INSERT INTO idempotency_records (user_id, key, request_hash, created_at, owner)
      SELECT ${userId}, ${key}, ${hash}, ${now}, ${owner} FROM ${asynchronousCommit}
      ON CONFLICT (user_id, key) DO NOTHING RETURNING key`.execute(db);
    if (inserted.length > 0) return { kind: 'new' };
    const existing = await records()
      .select(['request_hash', 'status_code', 'created_at', 'owner', sql<string | null>`response_body::text`.as('body')])
      .where('user_id', '=', userId).where('key', '=', key)
      .executeTakeFirst();
    // Released between our insert and our read: try once more.
    if (!existing) return attempt === 0 ? begin(userId, key, hash, now, 1) : { kind: 'in-flight' };
    if (existing.request_hash !== hash) return { kind: 'mismatch' };
    if (existing.status_code !== null) return { kind: 'replay', statusCode: existing.status_code, body: existing.body };
    if (await isLive(existing.owner, existing.created_at)) return { kind: 'in-flight' };
    // Its owner is gone: take it over, unless someone else just did (or it got its answer).
    const taken = await db.updateTable('idempotency_records').set({ owner, created_at: now })
      .where('user_id', '=', userId).where('key', '=', key).where('status_code', 'is', null)
      .where((eb) => (existing.owner === null ? eb('owner', 'is', null) : eb('owner', '=', existing.owner)))
      .executeTakeFirst();
    return taken.numUpdatedRows > 0n ? { kind: 'new' } : { kind: 'in-flight' };
  }

  return {
    begin,

    /**
     * Claims every key no one holds yet, in one statement (a batch's actions): the keys claimed.
     * Keys already held, answered or not, are left for `begin` to judge when their action runs.
     */
    async claimMany(userId: number, claims: readonly { key: string; hash: string }[], now: Date): Promise<string[]> {
      if (claims.length === 0) return [];
      const { rows } = await sql<{ key: string }>`
        INSERT INTO idempotency_records (user_id, key, request_hash, created_at, owner)
        SELECT ${userId}, claim.key, claim.hash, ${now}, ${owner}
        FROM (VALUES ${sql.join(claims.map((c) => sql`(${c.key}, ${c.hash})`))}) AS claim (key, hash), ${asynchronousCommit}
        ON CONFLICT (user_id, key) DO NOTHING RETURNING key`.execute(db);
      return rows.map((row) => row.key);
    },

    /** Lets go of claims that got no answer (their action never ran, or failed): one statement. */
    async releaseMany(userId: number, keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.deleteFrom('idempotency_records')
        .where('user_id', '=', userId).where('key', 'in', keys).where('status_code', 'is', null).where('owner', '=', owner)
        .execute();
    },

    /**
     * Stores the first answer: durably (synchronous commit) before the caller sends it, or, with
     * `deferFlush` (an action of a batch), flushed by the batch's `flush` before its answer.
     */
    async complete(userId: number, key: string, statusCode: number, body: string, deferFlush = false): Promise<void> {
      await sql`
        UPDATE idempotency_records SET status_code = ${statusCode}, response_body = ${body}
        ${deferFlush ? sql`FROM ${asynchronousCommit}` : sql``}
        WHERE user_id = ${userId} AND key = ${key} AND owner = ${owner}`.execute(db);
    },

    /**
     * Makes every commit before it durable: a transaction with an id commits synchronously, and
     * the WAL is flushed in order up to its commit record. One fsync for a whole batch's answers.
     */
    async flush(): Promise<void> {
      await sql`SELECT txid_current()`.execute(db);
    },

    async release(userId: number, key: string): Promise<void> {
      await db.deleteFrom('idempotency_records')
        .where('user_id', '=', userId).where('key', '=', key).where('status_code', 'is', null).where('owner', '=', owner)
        .execute();
    },
  };
}
