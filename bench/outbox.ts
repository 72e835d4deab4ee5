// The outbox's queued work, shared by the outbox replay (Chromium, outbox-browser.ts) and the
// floor reconnect (floor.ts): how long enqueueing one action takes with the app's own module
// (runCommand over fake-indexeddb in Node), the realistic queue of one agent (quiz answers,
// video progress, log events) built from the real API (its videos are watched online first, so
// its quizzes open). lib/records.ts checks the server's records afterwards.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '#contract/common';
import { buildPath } from '#contract/paths';
import { QUIZ_PATHS } from '#contract/quiz';
import { TRAINING_PATHS } from '#contract/training';
import { db as deviceDb, resetDb } from '#offline/db';
import { runCommand, updateSnapshot } from '#offline/outbox';
import { percentile, round } from './lib/stats.ts';

/** One outbox row as the app queues it (src/offline/outbox.ts runCommand), before its id and signature. */
export interface QueuedAction {
  method: 'POST';
  /** Relative to /api, as the row stores it. */
  path: string;
  body: unknown;
  occurredAt: string;
  label: string;
  subject: Record<string, unknown> & { kind: string };
  affects: string[];
  imps: number;
}

/** What a queue holds, and so what the server must have stored once. */
export interface QueueMix {
  logEvents: number;
  videoReports: number;
  /** Videos reported up to 100 %: one progress row and one +5 credit each. */
  videos: number;
  quizAnswers: number;
  /** Participations the quiz answers belong to (started before queueing). */
  participationIds: number[];
}

/** Enqueue timing with a realistic local change (the balance snapshot edited in the same transaction). */
export async function measureEnqueue(samples: number): Promise<{ samples: number; p50Ms: number; p95Ms: number }> {
  await resetDb();
  await deviceDb.cache.put({ key: 'imps', userId: 1, data: { imps: 0 }, fetchedAt: Date.now() } as never);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await runCommand({
      userId: 1,
      label: 'Evento',
      subject: { kind: 'log-event' },
      request: { method: 'POST', path: TRAINING_PATHS.logEvent, body: { action: `medida ${i}` } },
      affects: ['imps'],
      apply: (tables) => updateSnapshot<{ imps: number }>(tables, 'imps', 1, (data) => ({ imps: data.imps + 1 })),
    });
    times.push(performance.now() - started);
  }
  await resetDb();
  return { samples, p50Ms: round(percentile(times, 50), 2), p95Ms: round(percentile(times, 95), 2) };
}

/** A read (or a quiz start) of the real API; null when refused: a closed quiz or attribute is expected, anything else is said. */
async function api<T>(baseUrl: string, token: string, path: string, method = 'GET'): Promise<T | null> {
  const res = await fetch(`${baseUrl}/api${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (res.ok) return (await res.json()) as T;
  const text = await res.text();
  if (res.status >= 500 || res.status === 401) console.warn(`[bench] ${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return null;
}

/** Videos the agent may watch now (is_hable), from the real API. */
export async function availableVideos(baseUrl: string, token: string): Promise<number[]> {
  const ids: number[] = [];
  for (const attribute of [1, 2, 3, 4, 5, 6, 7]) {
    const answer = await api<{ videos: { id: number; is_hable: boolean }[] }>(baseUrl, token, `/video/atributo/${attribute}`);
    ids.push(...(answer?.videos ?? []).filter((v) => v.is_hable).map((v) => v.id));
  }
  return ids;
}

/**
 * Each video reported at 10 %, 20 % … 100 %, 15 s apart and ending now, as if watched offline.
 * The server clamps each moment to the session's start, so whether the +5 is paid depends on
 * how long the session has been open (lib/records.ts, RecordCheck.videoCredits).
 */
export function videoReports(videoIds: number[], now = Date.now()): QueuedAction[] {
  const reports = videoIds.flatMap((id) => Array.from({ length: 10 }, (_, i) => ({ id, porcentaje: (i + 1) * 10 })));
  const start = now - reports.length * 15_000;
  return reports.map(({ id, porcentaje }, i) => ({
    method: 'POST',
    path: buildPath(TRAINING_PATHS.reportProgress, { id }),
    body: { porcentaje },
    occurredAt: new Date(start + i * 15_000).toISOString(),
    label: porcentaje === 100 ? 'Vídeo completado' : 'Progreso de vídeo',
    subject: { kind: 'video-progress', videoId: id },
    affects: porcentaje === 100 ? ['imps', 'videos', 'progress'] : ['videos'],
    imps: porcentaje === 100 ? 5 : 0,
  }));
}

export function logEvents(runTag: string, count: number, from = 0): QueuedAction[] {
  return Array.from({ length: count }, (_, i) => ({
    method: 'POST',
    path: TRAINING_PATHS.logEvent,
    body: { action: `${runTag} ${from + i}` },
    occurredAt: new Date().toISOString(),
    label: 'Registro de actividad',
    subject: { kind: 'log-event' },
    affects: [],
    imps: 0,
  }));
}

/** Starts every open quiz of the agent and answers all its questions (first option, 150 ms each). */
async function quizAnswers(baseUrl: string, token: string): Promise<{ actions: QueuedAction[]; participationIds: number[] }> {
  const actions: QueuedAction[] = [];
  const participationIds: number[] = [];
  for (const atributo of [1, 2, 3, 4, 5, 6, 7]) {
    for (const quizz of [1, 2]) {
      const started = await api<{ data: { id_participacion: number } }>(baseUrl, token, buildPath(QUIZ_PATHS.start, { atributo, quizz }), 'POST');
      if (!started) continue;
      const participacion = started.data.id_participacion;
      const bundle = await api<{ data: { preguntas: { id: number; respuestas: { id_respuesta: number }[] }[] } }>(baseUrl, token, buildPath(QUIZ_PATHS.bundle, { participacion }));
      if (!bundle?.data.preguntas.length) continue;
      participationIds.push(participacion);
      for (const question of bundle.data.preguntas) {
        actions.push({
          method: 'POST',
          path: buildPath(QUIZ_PATHS.answer, { participacion, pregunta: question.id, atributo }),
          body: { respuesta_id: question.respuestas[0]!.id_respuesta, elapsed_ms: 150 },
          // Queued once the quiz was issued: the server judges the timing against the issue.
          occurredAt: '',
          label: `Quizz ${quizz}: respuesta`,
          subject: { kind: 'quiz-answer', participationId: participacion, questionId: question.id },
          affects: ['imps'],
          imps: 0,
        });
      }
    }
  }
  return { actions, participationIds };
}

/** Marks the videos seen online (one 100 % report each, outside the queue): a quiz opens only after its video. */
async function watchOnline(baseUrl: string, token: string, videoIds: number[]): Promise<void> {
  for (const id of videoIds) {
    const res = await fetch(`${baseUrl}/api${buildPath(TRAINING_PATHS.reportProgress, { id })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: randomUUID() },
      body: JSON.stringify({ porcentaje: 100 }),
    });
    if (!res.ok) throw new Error(`Vídeo ${id} al 100 %: ${res.status} ${(await res.text()).slice(0, 200)}`);
    await res.arrayBuffer();
  }
}

/**
 * One agent's queue of `total` actions: every open quiz answered (its videos were watched
 * online first, so the quiz opens), those videos watched again (at most a fifth of the queue),
 * log events for the rest. Quiz answers get their moment when they are written.
 */
export async function buildAgentQueue(baseUrl: string, token: string, total: number, runTag: string): Promise<{ actions: QueuedAction[]; mix: QueueMix }> {
  await watchOnline(baseUrl, token, await availableVideos(baseUrl, token));
  const quiz = await quizAnswers(baseUrl, token);
  const answers = quiz.actions.slice(0, Math.floor(total / 4));
  const videos = (await availableVideos(baseUrl, token)).slice(0, Math.floor(total / 50));
  const progress = videoReports(videos);
  const events = logEvents(runTag, total - answers.length - progress.length);
  return {
    actions: [...progress, ...answers, ...events],
    mix: { logEvents: events.length, videoReports: progress.length, videos: videos.length, quizAnswers: answers.length, participationIds: quiz.participationIds },
  };
}
