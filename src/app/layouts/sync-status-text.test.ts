import { describe, expect, it } from 'vitest';
import { failedText, NOTHING_PENDING, pendingLines, pendingShortText, pendingText, summarizePending } from './sync-status-text.ts';

const progress = (videoId: number, porcentaje: number, imps = 0) => ({
  id: `v${videoId}-${porcentaje}`,
  subject: { kind: 'video-progress' as const, videoId },
  imps,
  label: imps > 0 ? `Vídeo completado: Vídeo ${videoId}` : `Progreso de vídeo: Vídeo ${videoId}`,
});
const answer = (question: number) => ({ id: `a${question}`, subject: { kind: 'quiz-answer' as const, participationId: 41, questionId: question }, imps: 0, label: `Quizz 1 Accesible: pregunta ${question}` });
const log = (n: number) => ({ id: `l${n}`, subject: { kind: 'log-event' as const }, imps: 0, label: 'Registro de actividad' });
const other = (id: string, imps = 0) => ({ id, subject: { kind: 'other' as const }, imps, label: id });

describe('summarizePending', () => {
  it('counts a video once however many progress reports it queued, and every answer', () => {
    const rows = [progress(12, 10), progress(12, 50), progress(12, 100, 5), log(1), answer(1), answer(2), answer(3), answer(4), answer(5)];
    expect(summarizePending(rows)).toEqual({ actions: 6, imps: 5, videos: 1, answers: 5, reviews: 0, others: 0, logs: 1 });
  });

  it('is nothing for no rows', () => {
    expect(summarizePending([])).toEqual(NOTHING_PENDING);
  });

  it('counts Repaso answers apart: they bring no IMPs', () => {
    const review = (questionId: number) => ({ subject: { kind: 'repaso-answer' as const, questionId }, imps: 0 });
    const summary = summarizePending([review(1), review(2), answer(3)]);
    expect(summary).toEqual({ ...NOTHING_PENDING, actions: 3, answers: 1, reviews: 2 });
    expect(pendingText(summary)).toBe('3 acciones pendientes: 1 respuesta, 2 de Repaso');
  });

  it('reads a row queued without a subject (by an older tab) as something else', () => {
    expect(summarizePending([{ imps: 0 }])).toEqual({ ...NOTHING_PENDING, actions: 1, others: 1 });
  });
});

describe('pendingText', () => {
  const text = (rows: Parameters<typeof summarizePending>[0]) => pendingText(summarizePending(rows));

  it.each([
    ['nothing', [], null],
    ['a video finished offline and five answers', [progress(12, 90), progress(12, 100, 5), log(1), answer(1), answer(2), answer(3), answer(4), answer(5)], '6 acciones pendientes: +5 IMPs, 1 vídeo, 5 respuestas'],
    ['two videos finished and two answers', [progress(12, 100, 5), progress(13, 100, 5), answer(1), answer(2)], '4 acciones pendientes: +10 IMPs, 2 vídeos, 2 respuestas'],
    ['one answer', [answer(1)], '1 acción pendiente: 1 respuesta'],
    ['a video half seen', [progress(12, 40)], '1 acción pendiente: 1 vídeo'],
    ['something else, with points', [other('Nick', 10)], '1 acción pendiente: +10 IMPs, 1 otra'],
    ['two other things', [other('a'), other('b')], '2 acciones pendientes: 2 otras'],
    ['only activity logs', [log(1)], '1 registro de actividad pendiente'],
    ['several activity logs', [log(1), log(2)], '2 registros de actividad pendientes'],
  ] as Array<[string, Parameters<typeof summarizePending>[0], string | null]>)('%s', (_name, rows, expected) => {
    expect(text(rows)).toBe(expected);
  });

  it('writes large figures the Spanish way', () => {
    expect(pendingText({ ...NOTHING_PENDING, actions: 12000, answers: 12000, imps: 12500 })).toBe('12.000 acciones pendientes: +12.500 IMPs, 12.000 respuestas');
  });
});

describe('pendingShortText', () => {
  const text = (rows: Parameters<typeof summarizePending>[0]) => pendingShortText(summarizePending(rows));

  it.each([
    ['nothing', [], null],
    ['a video finished offline and five answers', [progress(12, 100, 5), log(1), answer(1), answer(2), answer(3), answer(4), answer(5)], 'Por enviar: 1 vídeo, 5 respuestas'],
    ['one answer', [answer(1)], 'Por enviar: 1 respuesta'],
    ['only activity logs', [log(1), log(2)], 'Por enviar: 2 registros'],
  ] as Array<[string, Parameters<typeof summarizePending>[0], string | null]>)('%s', (_name, rows, expected) => {
    expect(text(rows)).toBe(expected);
  });
});

describe('pendingLines', () => {
  it('lists a video once (as completed when it is), each answer, and the logs as one count', () => {
    const rows = [progress(12, 50), log(1), progress(12, 100, 5), answer(1), answer(2), log(2)];
    expect(pendingLines(rows)).toEqual([
      { key: 'v12-50', label: 'Vídeo completado: Vídeo 12', imps: 5 },
      { key: 'a1', label: 'Quizz 1 Accesible: pregunta 1', imps: 0 },
      { key: 'a2', label: 'Quizz 1 Accesible: pregunta 2', imps: 0 },
      { key: 'logs', label: '2 registros de actividad', imps: 0 },
    ]);
  });
});

describe('failedText', () => {
  it.each([
    [1, '1 acción rechazada'],
    [2, '2 acciones rechazadas'],
  ])('%i → %s', (failed, expected) => {
    expect(failedText(failed)).toBe(expected);
  });
});
