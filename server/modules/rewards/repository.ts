// SQL for the catalogue and prize orders. Every function takes the executor to use, so the
// service can run them inside its transaction. Never writes the ledger (the service does,
// beside the order, in one transaction) and never decides anything.
import type { Kysely, Selectable } from 'kysely';
import type { Order, Product } from '#contract/rewards';
import type { Database, OrderRow, OrderStatus, ProductsTable } from '#server/db/schema';
import type { IssuedGiftCard } from './gift-card-provider.ts';

type ProductRow = Selectable<ProductsTable>;

async function toProducts(db: Kysely<Database>, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const values = await db.selectFrom('product_values')
    .select(['id', 'product_id', 'valor_rings', 'valor_chequemotiva'])
    .where('product_id', 'in', rows.map((r) => r.id))
    .orderBy('product_id').orderBy('position')
    .execute();
  return rows.map((r) => {
    const valores = values.filter((v) => v.product_id === r.id).map(({ id, valor_rings, valor_chequemotiva }) => ({ id, valor_rings, valor_chequemotiva }));
    return {
      id: r.id,
      imagen: r.imagen,
      nombre: r.nombre,
      descripcion: r.descripcion,
      condiciones: r.condiciones,
      codigo_producto_chequemotiva: r.codigo_producto_chequemotiva,
      codigo_plantilla_chequemotiva: r.codigo_plantilla_chequemotiva,
      tiene_stock: r.tiene_stock,
      disponible: r.disponible,
      valores,
      valor_rings: valores[0]?.valor_rings ?? null,
      valor_chequemotiva: valores[0]?.valor_chequemotiva ?? null,
    };
  });
}

/** The catalogue's products, listed ones only, in display order. */
const listed = (db: Kysely<Database>) => db.selectFrom('products').where('disponible', '=', 1).orderBy('display_order').orderBy('id');

/** The image of the catalogue's first prize (the same for everyone), for the page of /premios. */
export async function firstProductImage(db: Kysely<Database>): Promise<string | null> {
  const row = await listed(db).select('imagen').limit(1).executeTakeFirst();
  return row?.imagen || null;
}

/** The catalogue: listed products in display order. */
export async function listProducts(db: Kysely<Database>): Promise<Product[]> {
  const rows = await listed(db).selectAll().execute();
  return toProducts(db, rows);
}

export interface ValueOptionWithProduct {
  optionId: number;
  valorRings: number;
  valorChequemotiva: string | null;
  product: ProductRow;
}

export async function findValueOption(db: Kysely<Database>, optionId: number): Promise<ValueOptionWithProduct | undefined> {
  const option = await db.selectFrom('product_values').selectAll().where('id', '=', optionId).executeTakeFirst();
  if (!option) return undefined;
  const product = await db.selectFrom('products').selectAll().where('id', '=', option.product_id).executeTakeFirstOrThrow();
  return { optionId: option.id, valorRings: option.valor_rings, valorChequemotiva: option.valor_chequemotiva, product };
}

export interface NewOrder {
  userId: number;
  option: ValueOptionWithProduct;
  status: OrderStatus;
  now: Date;
  /** Hand-delivered prizes are redeemed at once: validity starts now, with no end. */
  validityStart: Date | null;
  /** The redemption's Idempotency-Key, if it came with one: one order per key. */
  idempotencyKey: string | null;
}

export async function insertOrder(db: Kysely<Database>, order: NewOrder): Promise<OrderRow> {
  return db.insertInto('orders').values({
    user_id: order.userId,
    premio_id: order.option.product.id,
    value_id: order.option.optionId,
    nombre_producto: order.option.product.nombre,
    puntos: order.option.valorRings,
    valor_chequemotiva: order.option.valorChequemotiva,
    status: order.status,
    validity_start: order.validityStart,
    idempotency_key: order.idempotencyKey,
    created_at: order.now,
    updated_at: order.now,
  }).returningAll().executeTakeFirstOrThrow();
}

/** pending → issued; undefined when the order was already settled (by the reconcile job, say). */
export async function markIssued(db: Kysely<Database>, orderId: number, card: IssuedGiftCard, now: Date): Promise<OrderRow | undefined> {
  return db.updateTable('orders')
    .set({ status: 'issued', id_api: card.providerId, code: card.code, url: card.url, validity_start: card.validityStart, validity_end: card.validityEnd, updated_at: now })
    .where('id', '=', orderId).where('status', '=', 'pending')
    .returningAll().executeTakeFirst();
}

/** pending → failed; undefined when the order was already settled. */
export async function markFailed(db: Kysely<Database>, orderId: number, error: { code: number; message: string }, now: Date): Promise<OrderRow | undefined> {
  return db.updateTable('orders')
    .set({ status: 'failed', error: error.code, error_message: error.message, updated_at: now })
    .where('id', '=', orderId).where('status', '=', 'pending')
    .returningAll().executeTakeFirst();
}

export async function findOrder(db: Kysely<Database>, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The order a redemption with this Idempotency-Key placed, if any. */
export async function findOrderByKey(db: Kysely<Database>, userId: number, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

/** An issued order by its coupon code (the coupon page). */
export async function findIssuedByCode(db: Kysely<Database>, code: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('code', '=', code).where('status', '=', 'issued').executeTakeFirst();
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The user's orders in the spec's shape, newest first, each with its product. */
export async function listOrders(db: Kysely<Database>, userId: number): Promise<Order[]> {
  const rows = await db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  if (rows.length === 0) return [];
  const productRows = await db.selectFrom('products').selectAll().where('id', 'in', [...new Set(rows.map((r) => r.premio_id))]).execute();
  const products = new Map((await toProducts(db, productRows)).map((p) => [p.id, p]));
  return rows.flatMap((r) => {
    const product = products.get(r.premio_id);
    if (!product) return [];
    return [{
      id: r.id,
      user_id: r.user_id,
      premio_id: r.premio_id,
      id_api: r.id_api,
      nombre_producto: r.nombre_producto,
      cantidad: String(r.cantidad),
      puntos: String(r.puntos),
      url: r.url,
      error: r.error,
      validity_start: iso(r.validity_start),
      validity_end: iso(r.validity_end),
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      product,
    }];
  });
}
