// SQL behind the idempotency plugin: claim a key, store the answer, release a failed claim.
// Works across server instances: the primary key (user_id, key) decides who runs first.
// Never interprets response bodies; they are kept as the exact JSON text that was sent.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

/** A claim with no answer after this long belongs to a request that died: take it over. */
const STALE_CLAIM_MS = 60_000;

export type BeginOutcome =
  | { kind: 'new' }
  | { kind: 'replay'; statusCode: number; body: string | null }
  | { kind: 'mismatch' }
  | { kind: 'in-flight' };

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
 * A FROM item that makes the statement's own (implicit) transaction commit without waiting for
 * its WAL flush: a claim or a stored answer costs no fsync of its own. Safe for both: the WAL is
 * written in order, so the action's own commit (synchronous) makes the claim before it durable;
 * a stored answer is lost only if PostgreSQL itself crashes within its WAL writer's delay, and
 * then only a retry of that same key would run the action again.
 */
const asynchronousCommit = sql`(SELECT set_config('synchronous_commit', 'off', true)) AS asynchronous_commit`;

export function createIdempotencyStore(db: Kysely<Database>) {
  const records = () => db.selectFrom('idempotency_records');

  async function begin(userId: number, key: string, hash: string, now: Date, attempt = 0): Promise<BeginOutcome> {
    const { rows: inserted } = await sql<{ key: string }>`
      INSERT INTO idempotency_records (user_id, key, request_hash, created_at)
      SELECT ${userId}, ${key}, ${hash}, ${now} FROM ${asynchronousCommit}
      ON CONFLICT (user_id, key) DO NOTHING RETURNING key`.execute(db);
    if (inserted.length > 0) return { kind: 'new' };
    const existing = await records()
      .select(['request_hash', 'status_code', 'created_at', sql<string | null>`response_body::text`.as('body')])
      .where('user_id', '=', userId).where('key', '=', key)
      .executeTakeFirst();
    // Released between our insert and our read: try once more.
    if (!existing) return attempt === 0 ? begin(userId, key, hash, now, 1) : { kind: 'in-flight' };
    if (existing.request_hash !== hash) return { kind: 'mismatch' };
    if (existing.status_code !== null) return { kind: 'replay', statusCode: existing.status_code, body: existing.body };
    if (now.getTime() - existing.created_at.getTime() < STALE_CLAIM_MS) return { kind: 'in-flight' };
    const taken = await db.updateTable('idempotency_records').set({ created_at: now })
      .where('user_id', '=', userId).where('key', '=', key)
      .where('status_code', 'is', null).where('created_at', '<', new Date(now.getTime() - STALE_CLAIM_MS))
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
        INSERT INTO idempotency_records (user_id, key, request_hash, created_at)
        SELECT ${userId}, claim.key, claim.hash, ${now}
        FROM (VALUES ${sql.join(claims.map((c) => sql`(${c.key}, ${c.hash})`))}) AS claim (key, hash), ${asynchronousCommit}
        ON CONFLICT (user_id, key) DO NOTHING RETURNING key`.execute(db);
      return rows.map((row) => row.key);
    },

    /** Lets go of claims that got no answer (their action never ran, or failed): one statement. */
    async releaseMany(userId: number, keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.deleteFrom('idempotency_records')
        .where('user_id', '=', userId).where('key', 'in', keys).where('status_code', 'is', null)
        .execute();
    },

    async complete(userId: number, key: string, statusCode: number, body: string): Promise<void> {
      await sql`
        UPDATE idempotency_records SET status_code = ${statusCode}, response_body = ${body}
        FROM ${asynchronousCommit} WHERE user_id = ${userId} AND key = ${key}`.execute(db);
    },

    async release(userId: number, key: string): Promise<void> {
      await db.deleteFrom('idempotency_records')
        .where('user_id', '=', userId).where('key', '=', key).where('status_code', 'is', null)
        .execute();
    },
  };
}
