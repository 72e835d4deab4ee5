// The quizzes section of a programme pack: read from the demo, through JSON, parsed and written
// into an empty programme, it reads back the same; a pack with problems names each by item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizzesPack } from '#contract/programme-quizzes';
import { closeTestDatabase, createTestApp, openTestDatabase, type TestContext } from '#test-support/server/test-app';
import { quizzesPackSection } from './pack.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
});
afterAll(async () => {
  await ctx.close();
});

const parse = (raw: unknown) => quizzesPackSection.parse(raw);

describe('quizzes pack section', () => {
  it('round-trips the demo quizzes into an empty programme (read → JSON → parse → write → read)', async () => {
    const data = await quizzesPackSection.read(ctx.db);
    expect(data.map((q) => `${q.atributo}:${q.quizz}`)).toEqual(['devalor:1', 'devalor:2', 'resolutivo:1', 'resolutivo:2', 'accesible:1', 'accesible:2']);
    expect(data.every((q) => q.preguntas.length === 10)).toBe(true);
    expect(quizzesPackSection.media(data)).toEqual([]);
    const parsed = parse(JSON.parse(JSON.stringify(data)));
    if (!('data' in parsed)) throw new Error(JSON.stringify(parsed.problems));

    const empty = await openTestDatabase();
    try {
      const attributes = await ctx.db.selectFrom('attributes').select(['id', 'slug', 'nombre', 'enabled', 'month_start', 'month_end', 'quiz2_opens_at', 'display_order']).execute();
      // Every database has the seven bare attributes (migration 0030): give them the seeded calendar.
      for (const { id, ...calendar } of attributes) await empty.updateTable('attributes').set(calendar).where('id', '=', id).execute();
      const problems = await empty.transaction().execute((trx) => quizzesPackSection.write(trx, parsed.data));
      expect(problems).toEqual([]);
      expect(await quizzesPackSection.read(empty)).toEqual(data);
      // A programme that has questions takes no second load.
      expect(await empty.transaction().execute((trx) => quizzesPackSection.write(trx, parsed.data))).toEqual([{ item: 'quizzes', message: 'El programa ya tiene preguntas de quizzes' }]);
    } finally {
      await closeTestDatabase(empty);
    }
  });

  it('names every problem by item, with the rules of the editor', async () => {
    const data = await quizzesPackSection.read(ctx.db);
    const broken: QuizzesPack = [
      { ...data[0]!, preguntas: data[0]!.preguntas.map((q, i) => (i === 2 ? { ...q, opciones: q.opciones.map((o) => ({ ...o, correcta: true })) } : q)) },
      data[0]!,
      { ...data[1]!, preguntas: [...data[1]!.preguntas, data[1]!.preguntas[0]!] },
    ];
    const result = parse(broken);
    expect('problems' in result && result.problems).toEqual([
      { item: 'quizzes › devalor › quiz 1', message: expect.stringMatching(/^Pregunta 3: solo una opción puede ser la correcta/) },
      { item: 'quizzes › devalor › quiz 1', message: 'Este quiz aparece dos veces' },
      { item: 'quizzes › devalor › quiz 2', message: 'Un quiz tiene como máximo 10 preguntas (tiene 11).' },
    ]);
    const shape = parse([{ atributo: 'devalor', quizz: 3, preguntas: [] }]);
    expect('problems' in shape && shape.problems[0]?.item).toBe('quizzes › 0 › quizz');
  });

  it('refuses an attribute the programme does not have', async () => {
    const empty = await openTestDatabase();
    try {
      const problems = await empty.transaction().execute((trx) => quizzesPackSection.write(trx, [{ atributo: 'inventado', quizz: 1, preguntas: [] }]));
      expect(problems).toEqual([{ item: 'quizzes › inventado › quiz 1', message: 'No existe el atributo «inventado»' }]);
    } finally {
      await closeTestDatabase(empty);
    }
  });
});
