// Rewards (brand 2): the prize catalogue with its value options, and prize orders. An order's
// IMPs are a 'redemption' row of points_ledger written in the same transaction as the order;
// a failed order is given back by a 'refund' row. Forward-only: never edit after release.
// One statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  // disponible: listed in the catalogue (0/1); tiene_stock: can be ordered now (0/1).
  // Provider codes are null for prizes the user's manager hands over (no coupon link).
  `CREATE TABLE products (
    id serial PRIMARY KEY,
    imagen text NOT NULL,
    nombre text NOT NULL,
    descripcion text,
    condiciones text,
    codigo_producto_chequemotiva text,
    codigo_plantilla_chequemotiva text,
    tiene_stock integer NOT NULL DEFAULT 0 CHECK (tiene_stock >= 0),
    disponible integer NOT NULL DEFAULT 0 CHECK (disponible IN (0, 1)),
    display_order integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // position 0 is the option selected first; its price is the product's valor_rings.
  `CREATE TABLE product_values (
    id serial PRIMARY KEY,
    product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position integer NOT NULL CHECK (position >= 0),
    valor_rings integer NOT NULL CHECK (valor_rings > 0),
    valor_chequemotiva text,
    UNIQUE (product_id, position)
  )`,
  // nombre_producto and puntos are copied at redemption: a later catalogue edit never
  // rewrites what the user bought or paid. status: pending until the provider answers.
  `CREATE TABLE orders (
    id bigserial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id),
    premio_id integer NOT NULL REFERENCES products (id),
    value_id integer NOT NULL REFERENCES product_values (id),
    nombre_producto text NOT NULL,
    cantidad integer NOT NULL DEFAULT 1 CHECK (cantidad > 0),
    puntos integer NOT NULL CHECK (puntos > 0),
    valor_chequemotiva text,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'issued', 'failed')),
    id_api text,
    code text UNIQUE,
    url text,
    error integer,
    error_message text,
    validity_start timestamptz,
    validity_end timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (status <> 'failed' OR error IS NOT NULL)
  )`,
  `CREATE INDEX orders_user_idx ON orders (user_id, created_at)`,
  `CREATE INDEX orders_pending_idx ON orders (created_at) WHERE status = 'pending'`,
  // The IMPs history and the FIFO balance read one user's whole ledger.
  `CREATE INDEX points_ledger_user_idx ON points_ledger (user_id, occurred_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
