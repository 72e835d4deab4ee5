// Seeds Ana's past orders from the demo prize catalogue (the demo pack wrote it): one gift card
// with its coupon link and one hand-delivered prize, each with its 'redemption' ledger row,
// placed at moments when her balance covered them. Deterministic for the same `now` (coupon codes derive from it); runs
// after the activity ledger, inside the seed's transaction.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { sourceKeys } from '#domain/points';
import { COUPON_VALIDITY_DAYS } from '#domain/rewards';
import type { Database } from '#server/db/schema';
import { loadHistory } from '#server/modules/points/movements';
import { couponPath } from '#server/modules/rewards/gift-card-provider';
import { DEMO_PRIZES } from './prize-catalogue.ts';

const DAY = 86_400_000;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ANA = 'ana@impecable.demo';

/** Ana's orders: which prize and option, how many days ago. */
const ANA_ORDERS = [
  { slug: 'cafe-brisa', position: 0, daysAgo: 9 },
  { slug: 'botella-impecable', position: 0, daysAgo: 3 },
] as const;

function demoCouponCode(seed: string): string {
  const digest = createHash('sha256').update(`demo-coupon:${seed}`).digest();
  const chars = [...digest.subarray(0, 16)].map((b) => ALPHABET[b % 32]).join('');
  return `IMP-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12, 16)}`;
}

interface DemoProduct {
  id: number;
  nombre: string;
  code: string | null;
  options: { id: number; rings: number; face: string | null }[];
}

/** The demo prizes the demo pack wrote, by slug, with their value options in order. */
async function demoCatalogue(db: Kysely<Database>): Promise<Map<string, DemoProduct>> {
  const rows = await db.selectFrom('products as p').innerJoin('product_values as v', 'v.product_id', 'p.id')
    .select(['p.id', 'p.nombre', 'p.codigo_producto_chequemotiva as code', 'v.id as option_id', 'v.valor_rings', 'v.valor_chequemotiva'])
    .where('p.nombre', 'in', DEMO_PRIZES.map((prize) => prize.nombre))
    .orderBy('p.id').orderBy('v.position').execute();
  const bySlug = new Map<string, DemoProduct>();
  for (const prize of DEMO_PRIZES) {
    const options = rows.filter((row) => row.nombre === prize.nombre);
    const first = options[0];
    if (!first) continue;
    bySlug.set(prize.slug, {
      id: first.id, nombre: first.nombre, code: first.code,
      options: options.map((o) => ({ id: o.option_id, rings: o.valor_rings, face: o.valor_chequemotiva })),
    });
  }
  return bySlug;
}

/** `at` when Ana's ledger covers `cost` both then and now (earlier seeded orders included), else null. */
async function affordableAt(db: Kysely<Database>, userId: number, at: Date, cost: number): Promise<Date | null> {
  const { rows } = await sql<{ then: number; total: number }>`
    SELECT coalesce(sum(amount) FILTER (WHERE occurred_at <= ${at}), 0)::int AS then, coalesce(sum(amount), 0)::int AS total
    FROM points_ledger WHERE user_id = ${userId}`.execute(db);
  const row = rows[0];
  return row && row.then >= cost && row.total >= cost ? at : null;
}

export async function seedRewards(db: Kysely<Database>, now: Date): Promise<void> {
  const catalogue = await demoCatalogue(db);
  const ana = await db.selectFrom('users').select('id').where('email', '=', ANA).executeTakeFirst();
  if (!ana) return;
  for (const wanted of ANA_ORDERS) {
    const prize = catalogue.get(wanted.slug);
    const option = prize?.options[wanted.position];
    if (!prize || !option) continue;
    const at = await affordableAt(db, ana.id, new Date(now.getTime() - wanted.daysAgo * DAY), option.rings)
      ?? await affordableAt(db, ana.id, new Date(now.getTime() - 60_000), option.rings);
    // Not enough IMPs even now: skip it rather than seed a negative balance.
    if (!at) continue;
    const code = prize.code ? demoCouponCode(`${now.toISOString()}:${wanted.slug}`) : null;
    const order = await db.insertInto('orders').values({
      user_id: ana.id, premio_id: prize.id, value_id: option.id, nombre_producto: prize.nombre, puntos: option.rings,
      valor_chequemotiva: option.face, status: 'issued',
      id_api: code ? `local-demo-${wanted.slug}` : null, code, url: code ? couponPath(code) : null,
      validity_start: at, validity_end: code ? new Date(at.getTime() + COUPON_VALIDITY_DAYS * DAY) : null,
      created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    await loadHistory(db, [{
      user_id: ana.id, amount: -option.rings, concept: `Canje: ${prize.nombre}`, source_key: sourceKeys.redemption(order.id),
      attribute_id: null, kind: 'redemption', occurred_at: at, created_at: at,
    }]);
  }
}
