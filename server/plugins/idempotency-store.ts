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

export function createIdempotencyStore(db: Kysely<Database>) {
  const records = () => db.selectFrom('idempotency_records');

  async function begin(userId: number, key: string, hash: string, now: Date, attempt = 0): Promise<BeginOutcome> {
    const inserted = await db.insertInto('idempotency_records')
      .values({ user_id: userId, key, request_hash: hash, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key').executeTakeFirst();
    if (inserted) return { kind: 'new' };
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

    async complete(userId: number, key: string, statusCode: number, body: string): Promise<void> {
      await db.updateTable('idempotency_records')
        .set({ status_code: statusCode, response_body: body })
        .where('user_id', '=', userId).where('key', '=', key)
        .execute();
    },

    async release(userId: number, key: string): Promise<void> {
      await db.deleteFrom('idempotency_records')
        .where('user_id', '=', userId).where('key', '=', key).where('status_code', 'is', null)
        .execute();
    },
  };
}
