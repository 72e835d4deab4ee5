// Programa › Catálogo over HTTP with real PGlite and real image bytes: every route, its rules,
// hostile input (each refused with a Spanish 4xx and the database unchanged), and what agents
// rely on: a price change never touches past orders, the next redemption pays the new price, a
// withdrawn prize leaves their catalogue and is refused at redemption.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueResponseSchema, productAnswerSchema, type CatalogueProduct, type ProductBody } from '#contract/programme-catalogue';
import { PRODUCT_HAS_ORDERS, PRODUCT_IMAGE_MAX_BYTES } from '#domain/programme-catalogue';
import { jpegPhoto, multipart, pngPhoto } from '#test-support/server/photos';
import { agentWith, ordersOf, redeem, tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, mediaCookie, type TestContext } from '#test-support/server/test-app';
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, PRODUCT_NOT_FOUND } from './routes.ts';

let ctx: TestContext;
let admin: string;
const NOW = new Date('2025-06-20T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  admin = await tokenFor(ctx, await userByEmail(ctx.db, 'admin@impecable.demo'));
});
afterAll(async () => {
  await ctx.close();
});

const BASE = '/api/programa/catalogo';

const body = (overrides: Partial<ProductBody> = {}): ProductBody => ({
  nombre: 'Tarjeta regalo Cine Sol',
  descripcion: 'Dos entradas de cine',
  condiciones: 'Válida un año',
  codigo_producto_chequemotiva: 'CINESOL',
  codigo_plantilla_chequemotiva: null,
  tiene_stock: true,
  disponible: true,
  display_order: 50,
  valores: [{ valor_rings: 300, valor_chequemotiva: '15.00' }, { valor_rings: 500, valor_chequemotiva: '25.00' }],
  ...overrides,
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

/** Everything the catalogue is made of, to assert a refused request changed nothing. */
async function catalogueState() {
  const [products, values, orders, changes, media] = await Promise.all([
    ctx.db.selectFrom('products').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('product_values').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('orders').select(['id', 'puntos', 'nombre_producto', 'value_id']).orderBy('id').execute(),
    ctx.db.selectFrom('content_changes').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('media_files').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { products, values, orders, changes: Number(changes.n), media: Number(media.n) };
}

async function create(overrides: Partial<ProductBody> = {}): Promise<CatalogueProduct> {
  const res = await call('POST', BASE, body(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return productAnswerSchema.parse(res.json()).producto;
}

const agentCatalogue = async (token: string) =>
  ((await ctx.app.inject({ method: 'GET', url: '/api/cheque-motiva/products', headers: bearer(token) })).json() as { data: { id: number; valores: { valor_rings: number }[] }[] }).data;

describe('GET /api/programa/catalogo', () => {
  it('lists every product with its values, order counts and state', async () => {
    const res = await call('GET', BASE);
    expect(res.statusCode).toBe(200);
    const { productos } = catalogueResponseSchema.parse(res.json());
    expect(productos.length).toBeGreaterThan(3);
    for (const p of productos) {
      expect(p.valores.length).toBeGreaterThan(0);
      expect(p.state).toBe(p.disponible ? (p.tiene_stock ? 'listed' : 'out-of-stock') : 'withdrawn');
    }
  });

  it('is for an admin signed in as themselves only', async () => {
    const { token } = await agentWith(ctx, 0);
    expect((await call('GET', BASE, undefined, token)).statusCode).toBe(403);
    const adminUser = await userByEmail(ctx.db, 'admin@impecable.demo');
    const ana = await userByEmail(ctx.db, 'ana@impecable.demo');
    const impersonating = await tokenFor(ctx, ana, adminUser.id);
    expect((await call('GET', BASE, undefined, impersonating)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });
});

describe('POST /api/programa/catalogo', () => {
  it('creates a product with its values and records the change', async () => {
    const before = await catalogueState();
    const created = await create();
    expect(created).toMatchObject({ nombre: 'Tarjeta regalo Cine Sol', imagen: '', orders: 0, state: 'listed', display_order: 50 });
    expect(created.valores.map((v) => [v.valor_rings, v.valor_chequemotiva])).toEqual([[300, '15.00'], [500, '25.00']]);
    const change = await ctx.db.selectFrom('content_changes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change).toMatchObject({ area: 'catalogo', entity: 'product', entity_id: String(created.id), action: 'created', before: null });
    expect((await catalogueState()).changes).toBe(before.changes + 1);
  });

  it.each<[string, unknown, RegExp]>([
    ['no name', body({ nombre: '   ' }), /necesita un nombre/],
    ['a name of 81 characters', body({ nombre: 'x'.repeat(81) }), /como mucho 80/],
    ['no values', body({ valores: [] }), /entre 1 y 6 valores/],
    ['seven values', body({ valores: Array.from({ length: 7 }, (_, i) => ({ valor_rings: 100 + i, valor_chequemotiva: '5' })) }), /entre 1 y 6 valores/],
    ['a price of 0', body({ valores: [{ valor_rings: 0, valor_chequemotiva: '5' }] }), /precio/],
    ['a negative price', body({ valores: [{ valor_rings: -100, valor_chequemotiva: '5' }] }), /precio/],
    ['a fractional price', body({ valores: [{ valor_rings: 10.5, valor_chequemotiva: '5' }] }), /precio/],
    ['a face value in words', body({ valores: [{ valor_rings: 100, valor_chequemotiva: 'cinco euros' }] }), /importe como 25/],
    ['a gift card without face value', body({ valores: [{ valor_rings: 100, valor_chequemotiva: null }] }), /necesita su valor/],
    ['the price as text', { ...body(), valores: [{ valor_rings: '100', valor_chequemotiva: '5' }] }, /Datos no válidos/],
    ['no body', undefined, /Datos no válidos/],
    ['a value of another product', body({ valores: [{ id: 1, valor_rings: 100, valor_chequemotiva: '5' }] }), /otro premio/],
    ['two values of the same price', body({ valores: [{ valor_rings: 100, valor_chequemotiva: '5' }, { valor_rings: 100, valor_chequemotiva: '6' }] }), /mismo precio/],
    ['a display order of -1', body({ display_order: -1 }), /orden/],
  ])('refuses %s with a Spanish 400 and changes nothing', async (_name, payload, message) => {
    const before = await catalogueState();
    const res = await call('POST', BASE, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
    expect(await catalogueState()).toEqual(before);
  });
});

describe('PUT /api/programa/catalogo/:id', () => {
  it('a price change leaves past orders as they were; the next redemption pays the new price', async () => {
    const product = await create({ nombre: 'Tarjeta Librería Norte', valores: [{ valor_rings: 200, valor_chequemotiva: '10.00' }] });
    const value = product.valores[0];
    if (!value) throw new Error('no value');
    const { user, token } = await agentWith(ctx, 1000);
    expect((await redeem(ctx, token, { product: value.id, value: 200 })).json().status).toBe('ok');

    const res = await call('PUT', `${BASE}/${product.id}`, body({ nombre: 'Tarjeta Librería Norte (nueva)', valores: [{ id: value.id, valor_rings: 250, valor_chequemotiva: '12.00' }] }));
    expect(res.statusCode, res.body).toBe(200);
    const updated = productAnswerSchema.parse(res.json()).producto;
    expect(updated.valores).toEqual([{ id: value.id, valor_rings: 250, valor_chequemotiva: '12.00', orders: 1 }]);

    const [past] = await ordersOf(ctx.db, user.id);
    expect(past).toMatchObject({ puntos: 200, nombre_producto: 'Tarjeta Librería Norte', valor_chequemotiva: '10.00' });
    // The old price is refused now; the new one is what the next order pays.
    expect((await redeem(ctx, token, { product: value.id, value: 200 })).statusCode).toBe(400);
    expect((await redeem(ctx, token, { product: value.id, value: 250 })).json().status).toBe('ok');
    const orders = await ordersOf(ctx.db, user.id);
    expect(orders.map((o) => o.puntos).sort()).toEqual([200, 250]);
    expect(orders.find((o) => o.puntos === 200)).toMatchObject({ nombre_producto: 'Tarjeta Librería Norte', valor_chequemotiva: '10.00' });

    const change = await ctx.db.selectFrom('content_changes').selectAll().where('entity_id', '=', String(product.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change.action).toBe('updated');
    expect(change.before).toMatchObject({ nombre: 'Tarjeta Librería Norte', valores: [{ valor_rings: 200 }] });
    expect(change.after).toMatchObject({ nombre: 'Tarjeta Librería Norte (nueva)', valores: [{ valor_rings: 250 }] });
  });

  it('adds, reorders and removes values nobody ordered', async () => {
    const product = await create({ nombre: 'Vales reordenables', valores: [{ valor_rings: 100, valor_chequemotiva: '5' }, { valor_rings: 200, valor_chequemotiva: '10' }] });
    const [first, second] = product.valores;
    const res = await call('PUT', `${BASE}/${product.id}`, body({
      nombre: 'Vales reordenables',
      valores: [{ id: second?.id, valor_rings: 200, valor_chequemotiva: '10' }, { valor_rings: 400, valor_chequemotiva: '20' }],
    }));
    expect(res.statusCode, res.body).toBe(200);
    const after = productAnswerSchema.parse(res.json()).producto;
    expect(after.valores.map((v) => v.valor_rings)).toEqual([200, 400]);
    expect(after.valores[0]?.id).toBe(second?.id);
    expect(await ctx.db.selectFrom('product_values').select('id').where('id', '=', first?.id ?? 0).execute()).toEqual([]);
  });

  it('refuses to remove a value with orders (409) and changes nothing', async () => {
    const product = await create({ nombre: 'Vale con pedidos', valores: [{ valor_rings: 100, valor_chequemotiva: '5' }, { valor_rings: 150, valor_chequemotiva: '7' }] });
    const ordered = product.valores[0];
    const { token } = await agentWith(ctx, 500);
    expect((await redeem(ctx, token, { product: ordered?.id ?? 0, value: 100 })).json().status).toBe('ok');
    const before = await catalogueState();
    const res = await call('PUT', `${BASE}/${product.id}`, body({ nombre: 'Vale con pedidos', valores: [{ id: product.valores[1]?.id, valor_rings: 150, valor_chequemotiva: '7' }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Un valor con pedidos no se puede quitar/);
    expect(await catalogueState()).toEqual(before);
  });

  it.each<[string, string, unknown, number, RegExp]>([
    ['an unknown product', `${BASE}/999999`, body(), 404, /no existe/],
    ['a non-numeric id', `${BASE}/abc`, body(), 404, /no existe/],
    ['a name too long', `${BASE}/1`, body({ nombre: 'y'.repeat(200) }), 400, /como mucho 80/],
    ['a value of another product', `${BASE}/1`, body({ valores: [{ id: 2_000_000, valor_rings: 100, valor_chequemotiva: '5' }] }), 409, /no es de este premio/],
  ])('refuses %s and changes nothing', async (_name, url, payload, status, message) => {
    const before = await catalogueState();
    const res = await call('PUT', url, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toMatch(message);
    expect(await catalogueState()).toEqual(before);
  });
});

describe('POST /api/programa/catalogo/:id/imagen', () => {
  const upload = (id: number, file: { bytes: Buffer; filename: string; contentType: string } | undefined, token = admin) => {
    const form = multipart({}, file && { field: 'file', ...file });
    return ctx.app.inject({ method: 'POST', url: `${BASE}/${id}/imagen`, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
  };

  it('stores a PNG, JPEG or WebP in the media store and serves it', async () => {
    const product = await create({ nombre: 'Premio con foto' });
    const png = await pngPhoto(200, 200);
    const res = await upload(product.id, { bytes: png, filename: 'foto.png', contentType: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const { imagen } = productAnswerSchema.parse(res.json()).producto;
    expect(imagen).toMatch(/^\/media\/u\/[0-9a-f]{64}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: imagen, headers: mediaCookie(admin) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);

    // Sniffed, not trusted: JPEG bytes named .png are stored as the JPEG they are.
    const jpeg = await upload(product.id, { bytes: await jpegPhoto(120, 90), filename: 'otra.png', contentType: 'image/png' });
    expect(productAnswerSchema.parse(jpeg.json()).producto.imagen).toMatch(/\.jpg$/);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);
    expect((await upload(product.id, { bytes: webp, filename: 'x.webp', contentType: 'image/webp' })).statusCode).toBe(200);
  });

  it.each<[string, () => Promise<{ bytes: Buffer; filename: string; contentType: string } | undefined>, number, string | RegExp]>([
    ['an SVG (scripts could ride in it)', async () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'a.svg', contentType: 'image/svg+xml' }), 415, IMAGE_WRONG_TYPE],
    ['text named .png', async () => ({ bytes: Buffer.from('hola, no soy una imagen'), filename: 'falsa.png', contentType: 'image/png' }), 415, IMAGE_WRONG_TYPE],
    ['an MP4', async () => ({ bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(16)]), filename: 'v.mp4', contentType: 'video/mp4' }), 415, IMAGE_WRONG_TYPE],
    ['a file over 2 MB', async () => ({ bytes: Buffer.concat([await pngPhoto(10, 10), Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES)]), filename: 'grande.png', contentType: 'image/png' }), 413, IMAGE_TOO_LARGE],
    ['no file', async () => undefined, 400, /Falta la imagen/],
  ])('refuses %s and changes nothing', async (_name, file, status, message) => {
    const before = await catalogueState();
    const res = await upload(1, await file());
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toMatch(message);
    expect(await catalogueState()).toEqual(before);
  });

  it('refuses a JSON body, an unknown product and an agent, storing nothing', async () => {
    const before = await catalogueState();
    const json = await call('POST', `${BASE}/1/imagen`, { imagen: 'x' });
    expect(json.statusCode).toBe(415);
    const png = { bytes: await pngPhoto(20, 20), filename: 'a.png', contentType: 'image/png' };
    const missing = await upload(999_999, png);
    expect([missing.statusCode, missing.json().error]).toEqual([404, PRODUCT_NOT_FOUND]);
    const { token } = await agentWith(ctx, 0);
    expect((await upload(1, png, token)).statusCode).toBe(403);
    expect(await catalogueState()).toEqual(before);
  });
});

describe('withdraw, restore and delete', () => {
  it('a withdrawn prize leaves the agents\' catalogue and is refused at redemption; restoring brings it back', async () => {
    const product = await create({ nombre: 'Premio a retirar', valores: [{ valor_rings: 120, valor_chequemotiva: '6.00' }] });
    const value = product.valores[0]?.id ?? 0;
    const { user, token } = await agentWith(ctx, 1000);
    expect((await redeem(ctx, token, { product: value, value: 120 })).json().status).toBe('ok');
    expect((await agentCatalogue(token)).map((p) => p.id)).toContain(product.id);

    const res = await call('POST', `${BASE}/${product.id}/retirar`);
    expect(res.statusCode).toBe(200);
    expect(productAnswerSchema.parse(res.json()).producto).toMatchObject({ state: 'withdrawn', disponible: false, orders: 1 });
    expect((await agentCatalogue(token)).map((p) => p.id)).not.toContain(product.id);
    const refused = await redeem(ctx, token, { product: value, value: 120 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ status: 'error', message: 'Producto no disponible' });
    // Orders and history intact.
    expect(await ordersOf(ctx.db, user.id)).toHaveLength(1);
    expect((await call('GET', BASE)).json().productos.find((p: CatalogueProduct) => p.id === product.id)).toMatchObject({ orders: 1, state: 'withdrawn' });

    expect((await call('POST', `${BASE}/${product.id}/reponer`)).json().producto.state).toBe('listed');
    expect((await agentCatalogue(token)).map((p) => p.id)).toContain(product.id);
    const actions = await ctx.db.selectFrom('content_changes').select('action').where('entity_id', '=', String(product.id)).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['created', 'withdrawn', 'restored']);
  });

  it('deletes a product nobody ordered, with its values', async () => {
    const product = await create({ nombre: 'Premio de prueba a borrar' });
    const res = await call('DELETE', `${BASE}/${product.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { deleted: true }]);
    expect(await ctx.db.selectFrom('products').select('id').where('id', '=', product.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('product_values').select('id').where('product_id', '=', product.id).execute()).toEqual([]);
    const change = await ctx.db.selectFrom('content_changes').selectAll().where('entity_id', '=', String(product.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change).toMatchObject({ action: 'deleted', after: null });
    expect(change.before).toMatchObject({ nombre: 'Premio de prueba a borrar' });
  });

  it('refuses to delete a product with orders (409), an unknown one (404), for anyone but the admin (403), changing nothing', async () => {
    const product = await create({ nombre: 'Premio con pedido', valores: [{ valor_rings: 90, valor_chequemotiva: '4.50' }] });
    const { token } = await agentWith(ctx, 500);
    expect((await redeem(ctx, token, { product: product.valores[0]?.id ?? 0, value: 90 })).json().status).toBe('ok');
    const before = await catalogueState();
    const res = await call('DELETE', `${BASE}/${product.id}`);
    expect([res.statusCode, res.json().error]).toEqual([409, PRODUCT_HAS_ORDERS]);
    expect((await call('DELETE', `${BASE}/999999`)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${product.id}`, undefined, token)).statusCode).toBe(403);
    expect((await call('POST', `${BASE}/999999/retirar`)).statusCode).toBe(404);
    expect(await catalogueState()).toEqual(before);
  });
});
