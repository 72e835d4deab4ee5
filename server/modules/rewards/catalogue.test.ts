import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impsHistoryResponseSchema } from '#contract/points';
import { ordersResponseSchema, productsResponseSchema } from '#contract/rewards';
import { imps, tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
let ana: string;
let bruno: string;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  ana = await tokenFor(ctx, await userByEmail(ctx.db, 'ana@impecable.demo'));
  bruno = await tokenFor(ctx, await userByEmail(ctx.db, 'bruno@impecable.demo'));
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('brand gating', () => {
  it.each(['/api/cheque-motiva/products', '/api/cheque-motiva/ordenes/user'])('%s answers 403 to brand 1', async (url) => {
    const res = await get(url, bruno);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: 'No tienes permisos para acceder a esta sección.' });
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cheque-motiva/products' })).statusCode).toBe(401);
  });
});

describe('GET /api/cheque-motiva/products', () => {
  it('lists at least 12 prizes with every field of spec section 3', async () => {
    const res = await get('/api/cheque-motiva/products', ana);
    expect(res.statusCode).toBe(200);
    const body = productsResponseSchema.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.data.length).toBeGreaterThanOrEqual(12);
    expect(body.data.filter((p) => p.valores.length > 1).length).toBeGreaterThanOrEqual(5);
    for (const product of body.data) {
      expect(Object.keys(product).sort()).toEqual([
        'codigo_plantilla_chequemotiva', 'codigo_producto_chequemotiva', 'condiciones', 'descripcion', 'disponible', 'id',
        'imagen', 'nombre', 'tiene_stock', 'valor_chequemotiva', 'valor_rings', 'valores',
      ]);
      expect(product.imagen).toMatch(/^\/media\/u\/[0-9a-f]{64}\.svg$/);
      expect(product.valor_rings).toBe(product.valores[0]?.valor_rings);
      expect(product.disponible).toBe(1);
    }
    expect(body.data.some((p) => p.tiene_stock === 0)).toBe(true);
    expect(body.data.some((p) => p.codigo_producto_chequemotiva === null)).toBe(true);
  });

  it('is the same for every brand-2 user (the service worker caches it for all)', async () => {
    const nuevo = await tokenFor(ctx, await userByEmail(ctx.db, 'nuevo@impecable.demo'));
    expect((await get('/api/cheque-motiva/products', nuevo)).body).toBe((await get('/api/cheque-motiva/products', ana)).body);
  });
});

describe('GET /api/cheque-motiva/ordenes/user', () => {
  it('gives Ana her two seeded orders, newest first, and her balance', async () => {
    const res = await get('/api/cheque-motiva/ordenes/user', ana);
    const body = ordersResponseSchema.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.data.puntos).toBe(await imps(ctx, ana));
    expect(body.data.puntos).toBeGreaterThan(0);
    const [latest, earlier] = body.data.ordenes;
    expect(body.data.ordenes).toHaveLength(2);
    expect(latest).toMatchObject({ nombre_producto: 'Botella térmica +impecable', url: null, validity_end: null, cantidad: '1', puntos: '60', error: null });
    expect(earlier).toMatchObject({ nombre_producto: 'Tarjeta regalo Café Brisa', cantidad: '1', puntos: '100', error: null });
    expect(earlier?.url).toMatch(/^\/api\/cupones\//);
    expect(earlier?.product.nombre).toBe('Tarjeta regalo Café Brisa');
    expect(Date.parse(earlier?.validity_end ?? '') - Date.parse(earlier?.validity_start ?? '')).toBe(365 * 86_400_000);
  });
});

describe('GET /api/listado-imps', () => {
  it('lists every movement newest first; the signed sum is the balance', async () => {
    const body = impsHistoryResponseSchema.parse((await get('/api/listado-imps', ana)).json());
    const times = body.imps.map((m) => Date.parse(m.created_at ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.imps.filter((m) => m.operacion === 'restar').map((m) => [m.puntos, m.concepto])).toEqual([
      [60, 'Canje: Botella térmica +impecable'], [100, 'Canje: Tarjeta regalo Café Brisa'],
    ]);
    const sum = body.imps.reduce((total, m) => total + (m.operacion === 'sumar' ? m.puntos : -m.puntos), 0);
    expect(sum).toBe(await imps(ctx, ana));
  });

  it('answers any user (brand 1 too), and an empty list to a user without movements', async () => {
    expect((await get('/api/listado-imps', bruno)).statusCode).toBe(200);
    const nuevo = await tokenFor(ctx, await userByEmail(ctx.db, 'nuevo@impecable.demo'));
    expect((await get('/api/listado-imps', nuevo)).json()).toEqual({ imps: [] });
  });
});
