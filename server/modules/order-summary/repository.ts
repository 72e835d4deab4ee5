// SQL for the LATAM order summary: every prize order that was not given back (failed orders
// refunded their IMPs), newest first, with its buyer. Only reads; never decides access.
import type { Kysely } from 'kysely';
import type { OrderSummaryRow } from '#contract/admin';
import type { Database } from '#server/db/schema';

export async function listOrderSummary(db: Kysely<Database>): Promise<OrderSummaryRow[]> {
  const rows = await db.selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'u.name', 'u.nick_name', 'u.email', 'o.nombre_producto', 'o.puntos', 'o.cantidad', 'o.validity_start'])
    .where('o.status', '<>', 'failed')
    .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    user: { name: r.name, nick_name: r.nick_name, email: r.email },
    nombre_producto: r.nombre_producto,
    puntos: r.puntos,
    cantidad: r.cantidad,
    validity_start: r.validity_start?.toISOString() ?? null,
  }));
}
