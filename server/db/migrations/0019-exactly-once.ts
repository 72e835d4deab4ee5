// Exactly once, whatever the timing (issue 34). A claim on an Idempotency-Key names the server
// instance that holds it, and every instance keeps a heartbeat row: a claim is taken over only
// when its holder is gone, never while it still runs. The two effects that a second run would
// repeat (an order, a log row) keep the key under a unique index, so even a run after a crash
// that lost the stored answer finds what the first one did. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE TABLE server_instances (
      id text PRIMARY KEY,
      started_at timestamptz NOT NULL DEFAULT now(),
      heartbeat_at timestamptz NOT NULL DEFAULT now()
    )`,
    'ALTER TABLE idempotency_records ADD COLUMN owner text',
    'ALTER TABLE orders ADD COLUMN idempotency_key text',
    'ALTER TABLE orders ADD CONSTRAINT orders_idempotency_key UNIQUE (user_id, idempotency_key)',
    'ALTER TABLE log_events ADD COLUMN idempotency_key text',
    'ALTER TABLE log_events ADD CONSTRAINT log_events_idempotency_key UNIQUE (user_id, idempotency_key)',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
