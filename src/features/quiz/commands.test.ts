import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Participation, Question } from '#contract/quiz';
import { quizCacheKeys } from '#api/quiz';
import { db, resetDb } from '#offline/db';
import { forgetRefusedAnswer, markQuestionShown, queueAnswer } from './commands.ts';

const ana = 7;
const participation: Participation = {
  id_participacion: 41,
  estado: { preguntas_totales: 10, preguntas_respondidas: 9, preguntas_no_respondidas: 1, numero_aciertos: 8, numero_fallos: 1 },
};
const question: Question = { id: 300, numero: 10, pregunta: '¿Qué?', respuestas: [{ id_respuesta: 900, texto_respuesta: 'Esto' }] };
const answer = { userId: ana, attributeId: 3, attributeName: 'Accesible', quiz: 1 as const, participationId: 41, question, optionId: 900, completes: true };

beforeEach(async () => {
  vi.useRealTimers();
  await resetDb();
  await db.cache.put({ key: quizCacheKeys.participation(3, 1), userId: ana, data: participation, fetchedAt: 1 });
});

describe('markQuestionShown', () => {
  it('keeps the first moment a question was shown, so a reload keeps the timer counting', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    expect(await markQuestionShown(41, 300)).toBe(1_000_000);
    vi.setSystemTime(1_060_000);
    expect(await markQuestionShown(41, 300)).toBe(1_000_000);
    expect(await markQuestionShown(41, 301)).toBe(1_060_000);
  });
});

describe('queueAnswer', () => {
  it('queues the answer with its elapsed time, records it and moves the dashboard snapshot, in one go', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(2_000_000);
    await queueAnswer({ ...answer, shownAt: 2_000_000 - 19_900 });
    const rows = await db.outbox.toArray();
    const [row, log] = rows;
    expect(row).toMatchObject({
      userId: ana, method: 'POST', path: '/41/300/3/answer', body: { respuesta_id: 900, elapsed_ms: 19_900 }, status: 'pending', imps: 0,
      occurredAt: new Date(2_000_000).toISOString(),
    });
    expect(row?.affects).toEqual(expect.arrayContaining([quizCacheKeys.results(41), quizCacheKeys.participation(3, 1), 'imps', 'progreso:3']));
    // The last answer also queues the "Finaliza quizz" usage event, after it.
    expect(log).toMatchObject({ path: '/log/register', body: { action: 'Finaliza quizz 1 Accesible' } });
    expect((await db.meta.get('quiz-answer:41:300'))?.value).toEqual({ questionId: 300, optionId: 900, answeredAt: 2_000_000, elapsedMs: 19_900 });
    const snapshot = (await db.cache.get(quizCacheKeys.participation(3, 1)))?.data as Participation;
    expect(snapshot.estado).toMatchObject({ preguntas_respondidas: 10, preguntas_no_respondidas: 0 });
  });

  it('never claims a negative time (a device clock moved back)', async () => {
    await queueAnswer({ ...answer, completes: false, shownAt: Date.now() + 60_000 });
    expect((await db.outbox.toArray())[0]?.body).toEqual({ respuesta_id: 900, elapsed_ms: 0 });
  });
});

describe('forgetRefusedAnswer', () => {
  it('drops the refused row and the local record, and restarts the question’s timer', async () => {
    await markQuestionShown(41, 300);
    await queueAnswer({ ...answer, completes: false, shownAt: Date.now() });
    const [row] = await db.outbox.toArray();
    await db.outbox.update(row?.seq ?? 0, { status: 'failed', lastError: 'El tiempo de respuesta indicado no es posible.' });
    await forgetRefusedAnswer(ana, 41, 300);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get('quiz-answer:41:300')).toBeUndefined();
    expect(await db.meta.get('quiz-shown:41:300')).toBeUndefined();
  });
});
