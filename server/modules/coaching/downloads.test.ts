import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coachingBySiteSchema, coachingFileName, coachingNudgesSchema, coachingOptionsSchema, coachingOverviewSchema, coachingQuestionsSchema,
} from '#contract/coaching';
import { readFirstSheet, type Cell } from '#server/spreadsheets/write';
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

async function workbookBytes(table: string, query: string) {
  const res = await get(`descargar/${table}/3?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${coachingFileName(table as 'resumen', 'accesible')}"`);
  return res.rawPayload;
}

async function sheet(table: string, query: string) {
  return readFirstSheet(await workbookBytes(table, query));
}

/** Every sheet of a workbook by name, read back with the writer's library. */
async function sheets(table: string, query: string): Promise<Record<string, Cell[][]>> {
  const book = XLSX.read(await workbookBytes(table, query), { type: 'buffer' });
  return Object.fromEntries(book.SheetNames.map((name) => [name, XLSX.utils.sheet_to_json<Cell[]>(book.Sheets[name] ?? {}, { header: 1, raw: true, defval: null })]));
}

describe('GET seguimiento/descargar/{tabla}/{atributo}', () => {
  it('resumen: this attribute and the previous one, by name', async () => {
    const read = coachingOverviewSchema.parse((await get('resumen/3')).json());
    const names = new Map(coachingOptionsSchema.parse((await get('ambito')).json()).atributos.map((a) => [a.id, a.nombre]));
    const [header, ...rows] = await sheet('resumen', '');
    expect(header).toEqual(['Atributo', 'Agentes', 'Iniciaron', 'Terminaron', 'Reface', 'Media quiz', 'Puntos']);
    const f = read.figuras;
    expect(rows[0]).toEqual([names.get(3), f.agentes, f.iniciaron, f.terminaron, f.reface, f.media_quiz, f.puntos]);
    expect(rows[1]?.[0]).toBe(names.get(read.anterior?.atributo ?? 0));
    expect(typeof rows[0]?.[0]).toBe('string');
    expect(f.agentes).toBeGreaterThan(0);
  });

  // Issue 38 item 8: no cliff of days still to come, and the workbook says what it was chosen with.
  it('resumen: the points per day reach today (20 June), not the month\'s last day', async () => {
    const read = coachingOverviewSchema.parse((await get('resumen/3')).json());
    expect(read.puntos_por_dia.map((d) => d.dia)).toEqual(Array.from({ length: 20 }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')}`));
    const book = await sheets('resumen', '');
    expect(book['Puntos por día']?.slice(1)).toEqual(read.puntos_por_dia.map((d) => [d.dia, d.puntos]));
  });

  it('each workbook ends with the filters chosen, by name', async () => {
    const options = coachingOptionsSchema.parse((await get('ambito')).json());
    const site = options.sedes[0];
    const platform = options.plataformas.find((p) => p.id === site?.plataforma_id);
    const attribute = options.atributos.find((a) => a.id === 3);
    const resumen = await sheets('resumen', `plataforma=${platform?.id}&sede=${site?.id}`);
    expect(Object.keys(resumen).at(-1)).toBe('Filtros');
    expect(resumen.Filtros).toEqual([
      ['Filtro', 'Valor'],
      ['Atributo', attribute?.nombre],
      ['Mes', `${attribute?.month_start} a ${attribute?.month_end}`],
      ['Marca', 'Marca 2'],
      ['Plataforma', platform?.nombre],
      ['Sede', site?.nombre],
      ['Datos hasta', '2025-06-20'],
    ]);
    const whole = await sheets('preguntas', '');
    expect(whole.Filtros?.slice(3, 6)).toEqual([['Marca', 'Marca 2'], ['Plataforma', 'Todas las plataformas'], ['Sede', 'Todas las sedes']]);
    const stalled = await sheets('rezagados', `sede=${site?.id}&dias=14&search=ana`);
    expect(stalled.Filtros?.slice(-2)).toEqual([['Parado si no avanza en', '14 días'], ['Búsqueda', 'ana']]);
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
