// Demo orders for the LATAM order summary (/listado-usuarios): some generated brand-2 agents
// who could afford it bought a hand-delivered prize, each with its 'redemption' ledger row, so
// the summary has several pages and balances stay truthful. Demo users are left alone, so
// seedMinimal (no generated agents) adds nothing. Deterministic; runs inside the seed's
// transaction, after the activity ledger and the catalogue.
import { sql, type Kysely } from 'kysely';
import { sourceKeys } from '#domain/points';
import type { Database } from '#server/db/schema';
import { loadHistory } from '#server/modules/points/movements';
import { DEMO_USERS } from './demo-users.ts';

const DAY = 86_400_000;
const ORDERS = 30;
/** Hand-delivered prizes (no provider code): no coupon to invent. */
const PRIZES = ['Botella térmica +impecable', 'Altavoz Bluetooth Eco Mini'];

export async function seedSummaryOrders(db: Kysely<Database>, now: Date): Promise<number> {
  const options = await db.selectFrom('product_values as v').innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.valor_rings', 'v.valor_chequemotiva', 'p.id as product_id', 'p.nombre'])
    .where('p.nombre', 'in', PRIZES).where('v.position', '=', 0).orderBy('v.valor_rings').execute();
  const [cheap, dear] = options;
  if (!cheap) return 0;
  const agents = await db.selectFrom('users').select('id')
    .where('brand_id', '=', 2).where('perfil', '=', '').where('nick_name', 'is not', null)
    .where('email', 'not in', DEMO_USERS.map((u) => u.email))
    .orderBy('id').execute();

  let placed = 0;
  for (const [index, agent] of agents.entries()) {
    if (placed >= ORDERS) break;
    const at = new Date(now.getTime() - ((index % 27) + 1) * DAY - (index % 11) * 3_600_000);
    const { rows } = await sql<{ then: number; total: number }>`
      SELECT coalesce(sum(amount) FILTER (WHERE occurred_at <= ${at}), 0)::int AS then, coalesce(sum(amount), 0)::int AS total
      FROM points_ledger WHERE user_id = ${agent.id}`.execute(db);
    const affordable = Math.min(rows[0]?.then ?? 0, rows[0]?.total ?? 0);
    const option = dear && affordable >= dear.valor_rings && index % 4 === 0 ? dear : cheap;
    if (affordable < option.valor_rings) continue;
    const order = await db.insertInto('orders').values({
      user_id: agent.id, premio_id: option.product_id, value_id: option.id, nombre_producto: option.nombre,
      puntos: option.valor_rings, valor_chequemotiva: option.valor_chequemotiva, status: 'issued',
      validity_start: at, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    await loadHistory(db, [{
      user_id: agent.id, amount: -option.valor_rings, concept: `Canje: ${option.nombre}`, source_key: sourceKeys.redemption(order.id),
      attribute_id: null, kind: 'redemption', occurred_at: at, created_at: at,
    }]);
    placed++;
  }
  return placed;
}
