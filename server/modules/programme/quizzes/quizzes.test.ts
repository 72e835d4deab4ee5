// Programa › Quizzes over real HTTP (inject) on a real PGlite: every route, every rule, hostile
// input refused in Spanish with the database unchanged, and agents' quizzes, answers and points
// surviving the edits. A larger file: one area's whole API, one fixture.
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizDetailResponseSchema, quizListResponseSchema, type QuizDetail } from '#contract/programme-quizzes';
import { questionBundleResponseSchema, resultsResponseSchema, startResponseSchema } from '#contract/quiz';
import { createAgent, type TestAgent } from '#test-support/server/agents';
import { multipart } from '#test-support/server/import-files';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
let admin: string;
const NOW = new Date('2025-06-20T10:00:00Z');
const DEVALOR = 1;
const ACCESIBLE = 3;
/** An attribute the demo gives no questions: a quiz to create. */
const EMPTY = 5;
const OTHER = 6;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  admin = await ctx.signIn('admin@impecable.demo');
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, options: { payload?: unknown; headers?: Record<string, string>; token?: string } = {}) =>
  ctx.app.inject({ method, url: `/api/programa/quizzes${url}`, payload: options.payload as object, headers: { ...bearer(options.token ?? admin), ...options.headers } });

async function detail(attributeId: number, quiz: number): Promise<QuizDetail> {
  const res = await call('GET', `/${attributeId}/${quiz}`);
  expect(res.statusCode, res.body).toBe(200);
  return quizDetailResponseSchema.parse(res.json());
}

interface Draft {
  id?: number | null;
  texto: string;
  opciones: { id?: number | null; texto: string; correcta: boolean }[];
}

const newQuiz = (tag: string, count = 10): Draft[] => Array.from({ length: count }, (_, i) => ({
  texto: `${tag}: pregunta ${i + 1}`,
  opciones: ['Primera', 'Segunda', 'Tercera'].map((t, j) => ({ texto: `${t} respuesta (${tag} ${i + 1})`, correcta: j === i % 3 })),
}));
/** The saved quiz as a PUT body, ids included. */
const asDraft = (quiz: QuizDetail): Draft[] => quiz.preguntas.map((q) => ({ id: q.id, texto: q.texto, opciones: q.opciones.map((o) => ({ ...o })) }));
const edit = (draft: Draft[], n: number, change: (q: Draft) => Draft) => draft.map((q, i) => (i === n - 1 ? change(q) : q));
const put = (attributeId: number, quiz: number, preguntas: unknown) => call('PUT', `/${attributeId}/${quiz}`, { payload: { preguntas } });

/** Everything a quiz edit could touch, to prove a refused one touched nothing. */
async function snapshot() {
  return {
    questions: await ctx.db.selectFrom('quiz_questions').selectAll().orderBy('id').execute(),
    options: await ctx.db.selectFrom('quiz_options').selectAll().orderBy('id').execute(),
    answers: await ctx.db.selectFrom('quiz_answers').selectAll().orderBy('participation_id').orderBy('question_id').execute(),
    participations: await ctx.db.selectFrom('quiz_participations').selectAll().orderBy('id').execute(),
    ledger: await ctx.db.selectFrom('points_ledger').select(['id', 'user_id', 'amount', 'source_key']).orderBy('id').execute(),
    changes: await ctx.db.selectFrom('content_changes').selectAll().orderBy('id').execute(),
  };
}

async function refused(res: { statusCode: number; json: () => unknown }, status: number, message: RegExp, before: Awaited<ReturnType<typeof snapshot>>) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(message) });
  expect(await snapshot()).toEqual(before);
}

// --- Sheets ----------------------------------------------------------------------------------

const HEADER = ['Pregunta', 'Opción 1', 'Opción 2', 'Opción 3', 'Opción 4', 'Correcta'];
type Row = (string | number | null)[];

/** A real workbook, as a spreadsheet program would save it. */
function workbook(rows: Row[], header: Row = HEADER): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Quiz');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
const rowsOf = (draft: Draft[]): Row[] => draft.map((q) => [q.texto, ...[0, 1, 2, 3].map((j) => q.opciones[j]?.texto ?? null), q.opciones.findIndex((o) => o.correcta) + 1]);
const readSheet = (bytes: Buffer): Row[] => {
  const book = XLSX.read(bytes, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<Row>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true, defval: null });
};
const upload = (attributeId: number, quiz: number, bytes: Buffer, name = 'quiz.xlsx') => {
  const body = multipart(name, bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return call('POST', `/${attributeId}/${quiz}/hoja`, { payload: body.payload, headers: body.headers });
};

// --- An agent playing ------------------------------------------------------------------------

const agentCall = (agent: TestAgent, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url: `/api${url}`, payload, headers: { ...bearer(agent.token), ...headers } });

async function play(agent: TestAgent, attributeId: number, quiz: 1 | 2, answered: number) {
  const video = await ctx.db.selectFrom('videos').select('id').where('attribute_id', '=', attributeId).where('position', '=', quiz === 1 ? 0 : 2).executeTakeFirstOrThrow();
  const seen = await agentCall(agent, 'POST', `/video/${video.id}/porcentaje`, { porcentaje: 100 });
  expect(seen.statusCode, seen.body).toBe(200);
  const started = await agentCall(agent, 'POST', `/start/${attributeId}/quizz/${quiz}`);
  expect(started.statusCode, started.body).toBe(200);
  const id = startResponseSchema.parse(started.json()).data.id_participacion;
  const bundle = questionBundleResponseSchema.parse((await agentCall(agent, 'GET', `/${id}/preguntas`)).json()).data;
  for (const question of bundle.preguntas.slice(0, answered)) {
    // Each answer 3 s of thinking after the previous one: the quiz's timing rules hold.
    ctx.clock.advance(5_000);
    const correct = await ctx.db.selectFrom('quiz_options').select('id').where('question_id', '=', question.id).where('correct', '=', true).executeTakeFirstOrThrow();
    const res = await agentCall(agent, 'POST', `/${id}/${question.id}/${attributeId}/answer`, { respuesta_id: correct.id, elapsed_ms: 3_000 },
      { 'x-occurred-at': ctx.clock.now().toISOString() });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { id, bundle };
}

/** Makes an attribute with no content open this month (Accesible's), with three videos to watch. */
async function openAttribute(attributeId: number) {
  const month = await ctx.db.selectFrom('attributes').select(['month_start', 'month_end', 'quiz2_opens_at']).where('id', '=', ACCESIBLE).executeTakeFirstOrThrow();
  await ctx.db.updateTable('attributes').set({ ...month, enabled: true }).where('id', '=', attributeId).execute();
  await ctx.db.insertInto('videos').values([0, 1, 2].map((position) => ({ attribute_id: attributeId, position, title: `Vídeo ${position + 1}`, url: '/media/x.mp4', captions_url: null, available_from: position === 0 ? month.month_start : month.quiz2_opens_at }))).execute();
}

const results = async (agent: TestAgent, id: number) => resultsResponseSchema.parse((await agentCall(agent, 'GET', `/${id}/respuestas`)).json()).data;

describe('GET /programa/quizzes', () => {
  it('lists every attribute × Quiz 1 and 2 with its count, state and who has started it', async () => {
    const res = await call('GET', '');
    expect(res.statusCode).toBe(200);
    const { quizzes } = quizListResponseSchema.parse(res.json());
    expect(quizzes).toHaveLength(14);
    const devalor1 = quizzes.find((q) => q.atributo_id === DEVALOR && q.quizz === 1);
    expect(devalor1).toMatchObject({ slug: 'devalor', preguntas: 10, completo: true, bloqueado: true });
    expect(devalor1?.respuestas).toBeGreaterThan(0);
    expect(quizzes.find((q) => q.atributo_id === EMPTY && q.quizz === 2)).toMatchObject({ preguntas: 0, completo: false, participaciones: 0, respuestas: 0, bloqueado: false });
  });
});

describe('GET /programa/quizzes/:atributo/:quizz', () => {
  it('gives the questions in order with their options, ids and the one correct option', async () => {
    const quiz = await detail(ACCESIBLE, 2);
    expect(quiz.preguntas.map((q) => q.numero)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const q of quiz.preguntas) expect(q.opciones.filter((o) => o.correcta)).toHaveLength(1);
  });

  it('answers 404 for an attribute that does not exist and 400 for a quiz 3', async () => {
    expect((await call('GET', '/99/1')).json()).toEqual({ success: false, error: 'No existe ese atributo' });
    expect((await call('GET', '/3/3')).statusCode).toBe(400);
  });
});

describe('PUT a quiz nobody has started', () => {
  it('creates it whole, audited, and the list calls it complete', async () => {
    const res = await put(EMPTY, 1, newQuiz('Crear'));
    expect(res.statusCode, res.body).toBe(200);
    const saved = quizDetailResponseSchema.parse(res.json());
    expect(saved.quiz).toMatchObject({ preguntas: 10, completo: true, bloqueado: false });
    expect(saved.preguntas[3]).toMatchObject({ numero: 4, texto: 'Crear: pregunta 4' });
    const change = await ctx.db.selectFrom('content_changes').selectAll().where('area', '=', 'quizzes').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change).toMatchObject({ entity: 'quiz', action: 'created', before: null });
    expect(JSON.stringify(change.after)).toContain('Crear: pregunta 10');
  });

  it('replaces it whole (texts trimmed); saving the same again changes and records nothing', async () => {
    const draft = edit(newQuiz('Cambio'), 2, (q) => ({ texto: `  ${q.texto}  `, opciones: [...q.opciones.slice(0, 2).map((o) => ({ ...o, correcta: false })), { texto: 'Cuarta', correcta: true }, { texto: 'Quinta', correcta: false }] }));
    expect((await put(EMPTY, 1, draft)).statusCode).toBe(200);
    const quiz = await detail(EMPTY, 1);
    expect(quiz.preguntas[1]).toMatchObject({ texto: 'Cambio: pregunta 2', opciones: [{ correcta: false }, { correcta: false }, { texto: 'Cuarta', correcta: true }, { texto: 'Quinta' }] });
    const before = await snapshot();
    expect((await put(EMPTY, 1, asDraft(quiz))).statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it.each<[string, Draft[], RegExp]>([
    ['11 questions', newQuiz('Once', 11), /exactamente 10 preguntas \(tiene 11\)/],
    ['a question with 11 options, all correct', edit(newQuiz('X'), 3, (q) => ({ ...q, opciones: Array.from({ length: 11 }, (_, j) => ({ texto: `o${j}`, correcta: true })) })),
      /Pregunta 3: debe tener de 2 a 4 opciones \(tiene 11\)\. Pregunta 3: solo una opción puede ser la correcta \(hay 11 marcadas\)/],
    ['1 option', edit(newQuiz('X'), 4, (q) => ({ ...q, opciones: [{ texto: 'Sola', correcta: true }] })), /Pregunta 4: debe tener de 2 a 4 opciones \(tiene 1\)/],
    ['5 options', edit(newQuiz('X'), 5, (q) => ({ ...q, opciones: ['a', 'b', 'c', 'd', 'e'].map((t, j) => ({ texto: t, correcta: j === 0 })) })), /Pregunta 5: debe tener de 2 a 4 opciones \(tiene 5\)/],
    ['an empty question', edit(newQuiz('X'), 6, (q) => ({ ...q, texto: '   ' })), /Pregunta 6: el texto está vacío/],
    ['an empty option', edit(newQuiz('X'), 6, (q) => ({ ...q, opciones: [...q.opciones.slice(0, 2), { texto: '', correcta: false }] })), /Pregunta 6, opción 3: el texto está vacío/],
    ['two correct options', edit(newQuiz('X'), 7, (q) => ({ ...q, opciones: q.opciones.map((o) => ({ ...o, correcta: true })) })), /Pregunta 7: solo una opción puede ser la correcta/],
    ['no correct option', edit(newQuiz('X'), 7, (q) => ({ ...q, opciones: q.opciones.map((o) => ({ ...o, correcta: false })) })), /Pregunta 7: marca cuál es la opción correcta/],
    ['301 characters', edit(newQuiz('X'), 8, (q) => ({ ...q, texto: 'á'.repeat(301) })), /Pregunta 8: el texto tiene 301 caracteres \(máximo 300\)/],
    ['a repeated option', edit(newQuiz('X'), 9, (q) => ({ ...q, opciones: [...q.opciones, { texto: q.opciones[0]!.texto.toUpperCase(), correcta: false }] })), /Pregunta 9, opción 4: repite el texto de la opción 1/],
  ])('refuses %s with 422, every problem listed, nothing changed', async (_name, draft, message) => {
    const before = await snapshot();
    const res = await put(EMPTY, 1, draft);
    await refused(res, 422, message, before);
    expect((res.json() as { errores: unknown[] }).errores.length).toBeGreaterThan(0);
  });

  it('refuses a body that is not a quiz (400) and an unknown attribute (404), nothing changed', async () => {
    const before = await snapshot();
    await refused(await call('PUT', `/${EMPTY}/1`, { payload: { preguntas: 'todas' } }), 400, /./, before);
    await refused(await put(99, 1, newQuiz('X')), 404, /No existe ese atributo/, before);
  });
});

describe('a quiz agents have started: wording only', () => {
  it('refuses, with 409 naming the question, anything that could alter a score; nothing changed', async () => {
    const saved = asDraft(await detail(DEVALOR, 1));
    const three = saved.findIndex((q) => q.opciones.length === 3) + 1;
    expect(three).toBeGreaterThan(0);
    const cases: [Draft[], RegExp][] = [
      [edit(saved, 3, (q) => ({ ...q, opciones: q.opciones.map((o) => ({ ...o, correcta: !o.correcta && o === q.opciones.find((x) => !x.correcta) })) })), /^Pregunta 3: no se puede cambiar la respuesta correcta/],
      [edit(saved, three, (q) => ({ ...q, opciones: [...q.opciones, { texto: 'Una más', correcta: false }] })), new RegExp(`^Pregunta ${three}: no se pueden añadir ni quitar opciones`)],
      [edit(saved, 2, (q) => ({ ...q, opciones: [q.opciones.find((o) => o.correcta)!, q.opciones.find((o) => !o.correcta)!] })), /^Pregunta 2: no se pueden añadir ni quitar opciones/],
      [saved.slice(0, 9), /No se pueden añadir ni quitar preguntas/],
      [[saved[1]!, saved[0]!, ...saved.slice(2)], /^Pregunta 1: no se puede sustituir ni cambiar de orden/],
      [edit(saved, 5, (q) => ({ ...q, opciones: [...q.opciones].reverse() })), /Pregunta 5: no se pueden sustituir ni cambiar de orden las opciones/],
      [newQuiz('Todo nuevo'), /^Pregunta 1: no se puede sustituir/],
    ];
    const before = await snapshot();
    for (const [draft, message] of cases) await refused(await put(DEVALOR, 1, draft), 409, message, before);
  });

  it('takes a wording fix on the same ids: answers, points and results keep pointing at it, audited before/after', async () => {
    const agent = await createAgent(ctx, 'Wendy');
    const { id, bundle } = await play(agent, ACCESIBLE, 2, 10);
    const first = await results(agent, id);
    expect(first.puntos_totales).toBe(50);
    const before = await snapshot();
    const saved = asDraft(await detail(ACCESIBLE, 2));
    const fixed = edit(saved, 4, (q) => ({ ...q, texto: 'Pregunta corregida', opciones: q.opciones.map((o, j) => (j === 0 ? { ...o, texto: 'Opción corregida' } : o)) }));
    const res = await put(ACCESIBLE, 2, fixed);
    expect(res.statusCode, res.body).toBe(200);
    const after = await snapshot();
    expect(after.answers).toEqual(before.answers);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.participations).toEqual(before.participations);
    expect(after.questions.map((q) => q.id)).toEqual(before.questions.map((q) => q.id));
    expect(after.options.map((o) => [o.id, o.correct])).toEqual(before.options.map((o) => [o.id, o.correct]));
    const question = bundle.preguntas[3]!;
    expect(after.questions.find((q) => q.id === question.id)?.text).toBe('Pregunta corregida');
    const audit = after.changes.slice(before.changes.length);
    expect(audit.map((c) => [c.area, c.entity, c.action])).toEqual([['quizzes', 'question', 'reworded'], ['quizzes', 'option', 'reworded']]);
    expect(audit[0]).toMatchObject({ entity_id: String(question.id), before: { texto: question.pregunta, pregunta: 4 }, after: { texto: 'Pregunta corregida', pregunta: 4 } });
    const again = await results(agent, id);
    expect(again.puntos_totales).toBe(50);
    expect(again.resultados[3]).toMatchObject({ pregunta: 'Pregunta corregida', correcta: true, puntos: first.resultados[3]!.puntos });
  });

  it('is locked as soon as an agent starts it, before any answer: its device already holds the questions', async () => {
    const agent = await createAgent(ctx, 'Sergio');
    expect((await put(EMPTY, 2, newQuiz('Inicio'))).statusCode).toBe(200);
    await openAttribute(EMPTY);
    const { bundle } = await play(agent, EMPTY, 2, 0);
    expect(bundle.preguntas[0]?.pregunta).toBe('Inicio: pregunta 1');
    const list = quizListResponseSchema.parse((await call('GET', '')).json()).quizzes;
    expect(list.find((q) => q.atributo_id === EMPTY && q.quizz === 2)).toMatchObject({ participaciones: 1, respuestas: 0, bloqueado: true });
    const before = await snapshot();
    await refused(await put(EMPTY, 2, newQuiz('Otro')), 409, /^Pregunta 1: no se puede sustituir/, before);
  });
});

describe('an agent plays a quiz the admin wrote', () => {
  it('sees the new questions and scores against the new correct options', async () => {
    const draft = newQuiz('Jugar');
    expect((await put(OTHER, 1, draft)).statusCode).toBe(200);
    await openAttribute(OTHER);
    const agent = await createAgent(ctx, 'Julia');
    const { id, bundle } = await play(agent, OTHER, 1, 10);
    expect(bundle.preguntas.map((q) => q.pregunta)).toEqual(draft.map((q) => q.texto));
    const done = await results(agent, id);
    expect(done.estado).toMatchObject({ preguntas_respondidas: 10, numero_aciertos: 10 });
    expect(done.resultados.map((r) => r.respuesta_correcta)).toEqual(draft.map((q) => q.opciones.find((o) => o.correcta)!.texto));
  });
});

describe('sheets', () => {
  it('exports a quiz as .xlsx: a row per question, the correct option by number', async () => {
    const res = await call('GET', `/${DEVALOR}/1/hoja`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="quiz-devalor-1.xlsx"');
    const rows = readSheet(res.rawPayload);
    const quiz = await detail(DEVALOR, 1);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1)).toEqual(rowsOf(asDraft(quiz)));
  });

  it('gives a template with the columns and one example', async () => {
    const res = await call('GET', '/plantilla');
    expect(res.statusCode).toBe(200);
    const rows = readSheet(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[5]).toBe(2);
  });

  it('imports a real workbook into a quiz nobody has started', async () => {
    const draft = newQuiz('Hoja');
    const res = await upload(EMPTY, 1, workbook(rowsOf(draft)));
    expect(res.statusCode, res.body).toBe(200);
    const quiz = await detail(EMPTY, 1);
    expect(quiz.preguntas.map((q) => q.texto)).toEqual(draft.map((q) => q.texto));
    expect(quiz.preguntas.map((q) => q.opciones.findIndex((o) => o.correcta))).toEqual(draft.map((q) => q.opciones.findIndex((o) => o.correcta)));
    const change = await ctx.db.selectFrom('content_changes').select(['action', 'after']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change).toMatchObject({ action: 'replaced', after: { source: 'hoja' } });
  });

  it('lists every problem by row and column and changes nothing', async () => {
    const rows = rowsOf(newQuiz('Mala'));
    rows[0] = [rows[0]![0]!, 'a', 'b', 'c', null, 11];
    rows[2] = ['', 'a', 'b', null, null, 1];
    rows[4] = [rows[4]![0]!, 'Sola', null, null, null, 1];
    rows[6] = [rows[6]![0]!, 'a', null, 'c', null, 1];
    const before = await snapshot();
    const res = await upload(EMPTY, 1, workbook(rows));
    await refused(res, 422, /^La hoja no se importó\. Fila 2: Correcta debe ser el número de la opción correcta, de 1 a 4 \(pone «11»\)/, before);
    expect((res.json() as { errores: unknown[] }).errores).toEqual([
      { fila: 2, columna: 'Correcta', mensaje: 'Fila 2: Correcta debe ser el número de la opción correcta, de 1 a 4 (pone «11»).' },
      { fila: 4, columna: 'Pregunta', mensaje: 'Fila 4: Pregunta 3: el texto está vacío.' },
      { fila: 6, columna: 'Opción 1 a Opción 4', mensaje: 'Fila 6: Pregunta 5: debe tener de 2 a 4 opciones (tiene 1).' },
      { fila: 8, columna: 'Opción 2', mensaje: 'Fila 8: la opción 2 está vacía y hay opciones después; deja vacías solo las últimas.' },
    ]);
  });

  it('refuses a fifth option column, 11 rows, a non-xlsx file and an oversize one; nothing changed', async () => {
    const before = await snapshot();
    const five = await upload(EMPTY, 1, workbook(rowsOf(newQuiz('X')).map((r) => [...r.slice(0, 5), 'quinta', r[5]!]), [...HEADER.slice(0, 5), 'Opción 5', 'Correcta']));
    await refused(five, 422, /Columna desconocida «Opción 5»/, before);
    expect((five.json() as { errores: unknown[] }).errores).toEqual([expect.objectContaining({ fila: 1, columna: 'Opción 5' })]);
    await refused(await upload(EMPTY, 1, workbook(rowsOf(newQuiz('X', 11)))), 422, /exactamente 10 preguntas \(tiene 11\)/, before);
    await refused(await upload(EMPTY, 1, Buffer.from('Pregunta;Opción 1\nhola;adiós\n'), 'quiz.csv'), 415, /no es una hoja de cálculo \.xlsx/, before);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await refused(await upload(EMPTY, 1, png, 'quiz.xlsx'), 415, /no es una hoja de cálculo \.xlsx/, before);
    await refused(await upload(EMPTY, 1, Buffer.alloc(2 * 1024 * 1024 + 1, 0x50)), 413, /demasiado grande \(máximo 2 MB\)/, before);
    await refused(await call('POST', `/${EMPTY}/1/hoja`, { payload: { preguntas: [] } }), 415, /multipart/, before);
  });

  it('on a started quiz, takes a reworded sheet on the same ids and refuses a moved correct option with 409', async () => {
    const saved = asDraft(await detail(DEVALOR, 2));
    const moved = edit(saved, 6, (q) => ({ ...q, opciones: q.opciones.map((o, j) => ({ ...o, correcta: j === (q.opciones.findIndex((x) => x.correcta) + 1) % q.opciones.length })) }));
    const before = await snapshot();
    await refused(await upload(DEVALOR, 2, workbook(rowsOf(moved))), 409, /^Pregunta 6: no se puede cambiar la respuesta correcta/, before);
    const reworded = edit(saved, 6, (q) => ({ ...q, texto: `${q.texto} (revisada)` }));
    const res = await upload(DEVALOR, 2, workbook(rowsOf(reworded)));
    expect(res.statusCode, res.body).toBe(200);
    const after = await snapshot();
    expect(after.answers).toEqual(before.answers);
    expect(after.questions.map((q) => q.id)).toEqual(before.questions.map((q) => q.id));
    expect(after.questions.find((q) => q.id === saved[5]!.id)?.text).toBe(`${saved[5]!.texto} (revisada)`);
  });
});

describe('who may', () => {
  it('refuses an agent and a supervisor before reading anything (the matrix has every route)', async () => {
    const agent = await ctx.signIn('ana@impecable.demo');
    const before = await snapshot();
    await refused(await call('PUT', `/${EMPTY}/1`, { payload: { preguntas: 'no es un quiz' }, token: agent }), 403, /Solo un administrador/, before);
    await refused(await call('GET', '', { token: await ctx.signIn('interno@impecable.demo') }), 403, /Solo un administrador/, before);
  });
});

describe('a question\'s explanation (Repaso, issue 39)', () => {
  it('is optional, saved even on a started quiz (it changes no score), audited, kept when a save leaves it out, and limited to 300 characters', async () => {
    const before = await snapshot();
    const saved = asDraft(await detail(DEVALOR, 1));
    const explained = saved.map((q, i) => ({ ...q, explicacion: i === 1 ? '  Porque escuchar va antes que responder.  ' : null }));
    const res = await put(DEVALOR, 1, explained);
    expect(res.statusCode, res.body).toBe(200);
    expect(quizDetailResponseSchema.parse(res.json()).preguntas.map((q) => q.explicacion)).toEqual(saved.map((_, i) => (i === 1 ? 'Porque escuchar va antes que responder.' : null)));
    const after = await snapshot();
    expect([after.answers, after.ledger, after.participations]).toEqual([before.answers, before.ledger, before.participations]);
    const audit = after.changes.slice(before.changes.length);
    expect(audit.map((c) => [c.entity, c.action, c.entity_id])).toEqual([['question', 'reworded', String(saved[1]!.id)]]);
    expect(audit[0]).toMatchObject({ before: { explicacion: null, pregunta: 2 }, after: { explicacion: 'Porque escuchar va antes que responder.', pregunta: 2 } });

    // A save without the field (a sheet, an older screen) keeps it.
    expect((await put(DEVALOR, 1, saved)).statusCode).toBe(200);
    expect((await detail(DEVALOR, 1)).preguntas[1]!.explicacion).toBe('Porque escuchar va antes que responder.');

    const kept = await snapshot();
    await refused(await put(DEVALOR, 1, saved.map((q, i) => ({ ...q, explicacion: i === 2 ? 'é'.repeat(301) : null }))), 422, /Pregunta 3: la explicación tiene 301 caracteres \(máximo 300\)/, kept);

    expect((await put(DEVALOR, 1, saved.map((q) => ({ ...q, explicacion: '' })))).statusCode).toBe(200);
    expect((await detail(DEVALOR, 1)).preguntas.every((q) => q.explicacion === null)).toBe(true);
  });
});
