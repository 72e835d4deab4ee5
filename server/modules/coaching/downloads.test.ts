import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachingBySiteSchema, coachingFileName, coachingNudgesSchema, coachingOverviewSchema, coachingQuestionsSchema } from '#contract/coaching';
import { readFirstSheet } from '#server/spreadsheets/write';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

// Each Seguimiento table downloads as .xlsx with the figures of its read (same query), Spanish
// headers and the contract's file name; read back with the same library the writer uses.

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  token = await tokenFor(ctx, await userByEmail(ctx.db, 'interno@impecable.demo'));
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/seguimiento/${url}`, headers: bearer(token) });

async function sheet(table: string, query: string) {
  const res = await get(`descargar/${table}/3?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${coachingFileName(table as 'resumen', 'accesible')}"`);
  return readFirstSheet(res.rawPayload);
}

describe('GET seguimiento/descargar/{tabla}/{atributo}', () => {
  it('resumen: this attribute and the previous one', async () => {
    const read = coachingOverviewSchema.parse((await get('resumen/3')).json());
    const [header, ...rows] = await sheet('resumen', '');
    expect(header).toEqual(['Atributo', 'Agentes', 'Iniciaron', 'Terminaron', 'Reface', 'Media quiz', 'Puntos']);
    const f = read.figuras;
    expect(rows[0]).toEqual([3, f.agentes, f.iniciaron, f.terminaron, f.reface, f.media_quiz, f.puntos]);
    expect(rows[1]?.[0]).toBe(read.anterior?.atributo);
    expect(f.agentes).toBeGreaterThan(0);
  });

  it('sedes: one row per site', async () => {
    const read = coachingBySiteSchema.parse((await get('sedes/3')).json());
    const [header, ...rows] = await sheet('sedes', '');
    expect(header?.slice(0, 3)).toEqual(['Sede', 'Plataforma', 'Agentes']);
    expect(rows).toEqual(read.sedes.map((s) => [s.nombre, s.plataforma, s.agentes, s.iniciaron, s.terminaron, s.reface, s.media_quiz, s.puntos]));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('rezagados: every agent the read finds in the site', async () => {
    const read = coachingNudgesSchema.parse((await get('rezagados/3?sede=1&dias=1')).json());
    const [header, ...rows] = await sheet('rezagados', 'sede=1&dias=1');
    expect(header?.[0]).toBe('Nick Name');
    expect(rows.map((r) => [r[0], r[1], r[4]])).toEqual(read.data.map((r) => [r.nick_name, r.name, r.videos_pendientes]));
    expect(rows.length).toBe(read.total);
  });

  it('preguntas: each question with its wrong answers', async () => {
    const read = coachingQuestionsSchema.parse((await get('preguntas/3')).json());
    const [header, ...rows] = await sheet('preguntas', '');
    expect(header?.slice(0, 5)).toEqual(['Quiz', 'Posición', 'Pregunta', 'Respuestas', 'Fallos']);
    expect(rows.map((r) => [r[0], r[1], r[3], r[4], r[6]])).toEqual(read.quizzes.flatMap((q) => q.preguntas.map((p) =>
      [q.quiz, p.posicion, p.respuestas, p.fallos, p.fallo_mas_elegido?.texto ?? null])));
  });

  it('refuses a filter outside the scope, as the read does', async () => {
    expect((await get('descargar/sedes/3?marca=1')).statusCode).toBe(403);
  });
});
