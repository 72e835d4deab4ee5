import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Participation, Question } from '#contract/quiz';
import { db, resetDb } from '#offline/db';
import { setDrainHandler } from '#offline/drain-trigger';
import { runCommand } from '#offline/outbox';
import { quizAnswersOnDevice } from '#offline/quiz-answers';
import { cacheKeys } from '#data/cache-keys';
import { queueAnswer, startParticipation } from './commands.ts';

const calls: string[] = [];
vi.mock('#api/quiz', () => ({
  startQuiz: async () => {
    calls.push('start');
    return participation;
  },
}));

const ana = 7;
const participation: Participation = {
  id_participacion: 41,
  estado: { preguntas_totales: 10, preguntas_respondidas: 9, preguntas_no_respondidas: 1, numero_aciertos: 8, numero_fallos: 1 },
};
const question: Question = { id: 300, numero: 10, pregunta: '¿Qué?', respuestas: [{ id_respuesta: 900, texto_respuesta: 'Esto' }] };
const answer = { userId: ana, attributeId: 3, attributeName: 'Accesible', quiz: 1 as const, participationId: 41, question, optionId: 900, completes: true };

beforeEach(async () => {
  vi.useRealTimers();
  calls.length = 0;
  await resetDb();
  await db.cache.put({ key: cacheKeys.quiz.participation(3, 1), userId: ana, data: participation, fetchedAt: 1 });
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
      occurredAt: new Date(2_000_000).toISOString(), subject: { kind: 'quiz-answer', participationId: 41, questionId: 300 },
    });
    expect(row?.affects).toEqual(expect.arrayContaining([cacheKeys.quiz.results(41), cacheKeys.quiz.participation(3, 1), 'imps', 'progreso:3']));
    // The last answer also queues the "Finaliza quizz" usage event, after it.
    expect(log).toMatchObject({ path: '/log/register', body: { action: 'Finaliza quizz 1 Accesible' }, subject: { kind: 'log-event' } });
    const onDevice = await quizAnswersOnDevice(ana, 41);
    expect(onDevice.records).toEqual([{ questionId: 300, optionId: 900, answeredAt: 2_000_000, elapsedMs: 19_900 }]);
    expect(onDevice.rows.get(300)?.id).toBe(row?.id);
    const snapshot = (await db.cache.get(cacheKeys.quiz.participation(3, 1)))?.data as Participation;
    expect(snapshot.estado).toMatchObject({ preguntas_respondidas: 10, preguntas_no_respondidas: 0 });
  });

  it('never claims a negative time (a device clock moved back)', async () => {
    await queueAnswer({ ...answer, completes: false, shownAt: Date.now() + 60_000 });
    expect((await db.outbox.toArray())[0]?.body).toEqual({ respuesta_id: 900, elapsed_ms: 0 });
  });
});

describe('startParticipation', () => {
  const videoReport = { userId: ana, label: 'Vídeo', subject: { kind: 'video-progress' as const, videoId: 5 }, request: { method: 'POST' as const, path: '/videos/5/progress', body: { progreso: 100 } }, affects: [] };

  it("sends this user's queued work before asking the server (the video just finished unlocks the quiz)", async () => {
    await runCommand(videoReport);
    const unset = setDrainHandler(async () => {
      calls.push('drain');
      await db.outbox.clear();
    });
    try {
      await startParticipation(ana, 3, 1);
    } finally {
      unset();
    }
    expect(calls).toEqual(['drain', 'start']);
  });

  it('starts at once with nothing queued, and a drain that never ends only delays it', async () => {
    const unset = setDrainHandler(() => {
      calls.push('drain');
      return new Promise(() => undefined);
    });
    try {
      await startParticipation(ana, 3, 1);
      expect(calls).toEqual(['start']);
      await runCommand(videoReport);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const started = startParticipation(ana, 3, 1);
      await vi.waitFor(() => expect(calls).toEqual(['start', 'drain']));
      await vi.advanceTimersByTimeAsync(5_000);
      await started;
      expect(calls).toEqual(['start', 'drain', 'start']);
    } finally {
      unset();
    }
  });
});
