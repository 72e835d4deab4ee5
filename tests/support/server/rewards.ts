// Test helpers for the rewards suites: sessions straight from the auth service (skipping the
// rate-limited sign-in routes), a fresh brand-2 agent with a given credit, redeem calls and
// ledger reads. Never used by production code.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '#server/db/schema';
import { createAuthService } from '#server/modules/auth/service';
import { loadHistory } from '#server/modules/points/movements';
import { bearer, type TestContext } from '#test-support/server/test-app';

export async function tokenFor(ctx: TestContext, user: UserRow, impersonatorUserId: number | null = null): Promise<string> {
  const auth = createAuthService({ db: ctx.db, config: ctx.config, clock: ctx.clock.now });
  return (await auth.startSession(user, { impersonatorUserId })).token;
}

export async function userByEmail(db: Kysely<Database>, email: string): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

let agents = 0;

/** A new agent of `brandId` whose only ledger row is a credit of `imps` made now. */
export async function agentWith(ctx: TestContext, imps: number, brandId = 2): Promise<{ user: UserRow; token: string }> {
  agents += 1;
  const nick = `Premios${agents}${Date.now() % 100_000}`;
  const user = await ctx.db.insertInto('users')
    .values({ email: `${nick.toLowerCase()}@impecable.demo`, name: nick, nick_name: nick, brand_id: brandId })
    .returningAll().executeTakeFirstOrThrow();
  if (imps > 0) {
    const now = ctx.clock.now();
    await loadHistory(ctx.db, [{
      user_id: user.id, amount: imps, concept: 'Premio de prueba', source_key: `test-credit:${user.id}`, attribute_id: null,
      kind: 'prize', occurred_at: now, expires_at: new Date(now.getTime() + 365 * 86_400_000),
    }]);
  }
  return { user, token: await tokenFor(ctx, user) };
}

/** The first value option of the catalogue product named `nombre`. */
export async function optionOf(db: Kysely<Database>, nombre: string, position = 0) {
  return db.selectFrom('product_values as v').innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.valor_rings', 'p.id as product_id']).where('p.nombre', '=', nombre).where('v.position', '=', position)
    .executeTakeFirstOrThrow();
}

export function redeem(ctx: TestContext, token: string, body: { product: number; value: number }, key?: string) {
  return ctx.app.inject({
    method: 'POST', url: '/api/cheque-motiva/cangear', payload: body,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export async function imps(ctx: TestContext, token: string): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(token) });
  return (res.json() as { imps: number }).imps;
}

export async function ledgerOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('points_ledger').select(['amount', 'kind', 'source_key']).where('user_id', '=', userId).orderBy('id').execute();
}

export async function ordersOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}
