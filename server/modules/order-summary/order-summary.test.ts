import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSummaryResponseSchema } from '#contract/admin';
import { readFirstSheet } from '#server/spreadsheets/write';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { NO_ACCESS, ORDER_SUMMARY_HEADER } from './service.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  for (const who of ['admin', 'interno', 'plataforma', 'latam', 'ana']) tokens[who] = await tokenFor(ctx, await userByEmail(ctx.db, `${who}@impecable.demo`));
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, who: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });

describe('GET /api/listado-peru', () => {
  it.each(['latam', 'admin'])('lists every redemption with its buyer for %s, newest first', async (who) => {
    const res = await get('/api/listado-peru', who);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { listado } = orderSummaryResponseSchema.parse(res.json());
    expect(listado.map((r) => r.nombre_producto)).toEqual(['Botella térmica +impecable', 'Tarjeta regalo Café Brisa']);
    expect(listado[0]).toMatchObject({ user: { name: 'Ana García Romero', nick_name: 'AnaImpecable', email: 'ana@impecable.demo' }, puntos: 60, cantidad: 1 });
    expect(listado.every((r) => r.validity_start === null || !Number.isNaN(Date.parse(r.validity_start)))).toBe(true);
  });

  it.each(['interno', 'plataforma', 'ana'])('refuses %s with 403', async (who) => {
    const res = await get('/api/listado-peru', who);
    expect([res.statusCode, res.json().error]).toEqual([403, NO_ACCESS]);
  });

  it('leaves out failed orders (their IMPs were given back)', async () => {
    const ana = await userByEmail(ctx.db, 'ana@impecable.demo');
    const value = await ctx.db.selectFrom('product_values').select(['id', 'product_id']).executeTakeFirstOrThrow();
    await ctx.db.insertInto('orders').values({
      user_id: ana.id, premio_id: value.product_id, value_id: value.id, nombre_producto: 'Pedido fallido', puntos: 10, status: 'failed', error: 1,
    }).execute();
    const { listado } = orderSummaryResponseSchema.parse((await get('/api/listado-peru', 'latam')).json());
    expect(listado.map((r) => r.nombre_producto)).not.toContain('Pedido fallido');
  });
});

describe('GET /api/descargar-listado-latam', () => {
  it('sends a real Resumen-pedidos.xlsx with the screen columns, dates dd/mm/yyyy hh:mm, formula-like text kept as text', async () => {
    const ana = await userByEmail(ctx.db, 'ana@impecable.demo');
    await ctx.db.updateTable('users').set({ name: '=HYPERLINK("http://x")' }).where('id', '=', ana.id).execute();
    try {
      const res = await get('/api/descargar-listado-latam', 'latam');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Resumen-pedidos.xlsx"');
      const rows = readFirstSheet(res.rawPayload);
      expect(rows[0]).toEqual(ORDER_SUMMARY_HEADER);
      expect(rows).toHaveLength(3);
      expect(rows[1]?.slice(0, 7)).toEqual([1, '=HYPERLINK("http://x")', 'AnaImpecable', 'ana@impecable.demo', 'Botella térmica +impecable', 60, 1]);
      expect(String(rows[1]?.[7])).toMatch(/^(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}|-)$/);
      expect(String(rows[2]?.[7])).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    } finally {
      await ctx.db.updateTable('users').set({ name: ana.name }).where('id', '=', ana.id).execute();
    }
  });

  it.each(['interno', 'ana'])('refuses %s', async (who) => {
    expect((await get('/api/descargar-listado-latam', who)).statusCode).toBe(403);
  });
});
