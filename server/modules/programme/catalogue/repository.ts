// SQL of Programa › Catálogo: brand 2's products with their value options and order counts, and
// the writes the back-office makes. Every function takes the executor, so routes run them in
// their transaction. Orders are never touched: they keep the name and price they were placed with.
import { sql, type Kysely } from 'kysely';
import type { CatalogueProduct } from '#contract/programme-catalogue';
import { productState, type ProductInput } from '#domain/programme-catalogue';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

/** The catalogue as the back-office sees it (withdrawn products too), in display order. */
export async function listCatalogue(db: Db, ids?: readonly number[]): Promise<CatalogueProduct[]> {
  if (ids?.length === 0) return [];
  let query = db.selectFrom('products').selectAll().orderBy('display_order').orderBy('id');
  if (ids) query = query.where('id', 'in', [...ids]);
  const products = await query.execute();
  if (products.length === 0) return [];
  const productIds = products.map((p) => p.id);
  const [values, valueOrders, productOrders] = await Promise.all([
    db.selectFrom('product_values').selectAll().where('product_id', 'in', productIds).orderBy('product_id').orderBy('position').execute(),
    db.selectFrom('orders').select(['value_id', sql<number>`count(*)::int`.as('n')]).where('premio_id', 'in', productIds).groupBy('value_id').execute(),
    db.selectFrom('orders').select(['premio_id', sql<number>`count(*)::int`.as('n')]).where('premio_id', 'in', productIds).groupBy('premio_id').execute(),
  ]);
  const ordersOfValue = new Map(valueOrders.map((r) => [Number(r.value_id), Number(r.n)]));
  const ordersOfProduct = new Map(productOrders.map((r) => [Number(r.premio_id), Number(r.n)]));
  return products.map((p) => ({
    id: p.id,
    imagen: p.imagen,
    nombre: p.nombre,
    descripcion: p.descripcion,
    condiciones: p.condiciones,
    codigo_producto_chequemotiva: p.codigo_producto_chequemotiva,
    codigo_plantilla_chequemotiva: p.codigo_plantilla_chequemotiva,
    tiene_stock: p.tiene_stock > 0,
    disponible: p.disponible > 0,
    display_order: p.display_order,
    valores: values.filter((v) => v.product_id === p.id).map((v) => ({
      id: v.id, valor_rings: v.valor_rings, valor_chequemotiva: v.valor_chequemotiva, orders: ordersOfValue.get(v.id) ?? 0,
    })),
    orders: ordersOfProduct.get(p.id) ?? 0,
    state: productState(p),
  }));
}

export async function findProduct(db: Db, id: number): Promise<CatalogueProduct | undefined> {
  return (await listCatalogue(db, [id]))[0];
}

/** The row a product's fields become (no image: it has its own route). */
function productColumns(input: ProductInput) {
  return {
    nombre: input.nombre,
    descripcion: input.descripcion,
    condiciones: input.condiciones,
    codigo_producto_chequemotiva: input.codigo_producto_chequemotiva,
    codigo_plantilla_chequemotiva: input.codigo_plantilla_chequemotiva,
    tiene_stock: input.tiene_stock ? 1 : 0,
    disponible: input.disponible ? 1 : 0,
    display_order: input.display_order,
  };
}

export async function insertProduct(db: Db, input: ProductInput, imagen: string, now: Date): Promise<number> {
  const { id } = await db.insertInto('products').values({ ...productColumns(input), imagen, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('product_values').values(input.valores.map((v, position) => ({
    product_id: id, position, valor_rings: v.valor_rings, valor_chequemotiva: v.valor_chequemotiva,
  }))).execute();
  return id;
}

/**
 * The product's fields and its value options in the given order: kept options (by id) change
 * price and place, new ones are added, missing ones are removed (the caller has checked that none
 * of those has orders). Positions pass through a free range first: (product_id, position) is unique.
 */
export async function updateProduct(db: Db, id: number, input: ProductInput, now: Date): Promise<void> {
  await db.updateTable('products').set({ ...productColumns(input), updated_at: now }).where('id', '=', id).execute();
  const kept = input.valores.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  let removal = db.deleteFrom('product_values').where('product_id', '=', id);
  if (kept.length > 0) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  await db.updateTable('product_values').set({ position: sql`position + 1000` }).where('product_id', '=', id).execute();
  for (const [position, value] of input.valores.entries()) {
    if (value.id === undefined) {
      await db.insertInto('product_values').values({ product_id: id, position, valor_rings: value.valor_rings, valor_chequemotiva: value.valor_chequemotiva }).execute();
    } else {
      await db.updateTable('product_values').set({ position, valor_rings: value.valor_rings, valor_chequemotiva: value.valor_chequemotiva })
        .where('id', '=', value.id).where('product_id', '=', id).execute();
    }
  }
}

export async function setImage(db: Db, id: number, imagen: string, now: Date): Promise<void> {
  await db.updateTable('products').set({ imagen, updated_at: now }).where('id', '=', id).execute();
}

export async function setListed(db: Db, id: number, listed: boolean, now: Date): Promise<void> {
  await db.updateTable('products').set({ disponible: listed ? 1 : 0, updated_at: now }).where('id', '=', id).execute();
}

/** Deletes a product nobody ordered (its values go with it: ON DELETE CASCADE). */
export async function deleteProduct(db: Db, id: number): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

/** Locks the product's row: two edits of one product never interleave, nor an edit and a delete. */
export async function lockProduct(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('products').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
}
