// What a queued outbox row is about: its kind and subject (which video, which answer), set by
// the command that queues it. Screens and the sync line find and count rows by it, through
// offline/ functions, never by reading the request's path: a changed URL must not break them.
// Owns the type, reading it from a row, and the one-time reading of rows queued before it.
// No window, localStorage or React here: the service worker imports db.ts, which uses this.
import { matchPath } from '#contract/paths';
import { QUIZ_PATHS } from '#contract/quiz-constants';
import { TRAINING_PATHS } from '#contract/training-constants';

export type OutboxSubject =
  | { kind: 'video-progress'; videoId: number }
  | { kind: 'quiz-answer'; participationId: number; questionId: number }
  | { kind: 'repaso-answer'; questionId: number }
  | { kind: 'log-event' }
  | { kind: 'other' };

const OTHER: OutboxSubject = { kind: 'other' };

/** The row's subject; a row queued without one (by an older tab still open) reads as 'other'. */
export function subjectOf(row: { subject?: OutboxSubject | undefined }): OutboxSubject {
  return row.subject ?? OTHER;
}

/**
 * The subject of a row queued before subjects existed, read once from its path by the version 2
 * upgrade. Version 1 queued these same contract patterns; should one ever change, this must
 * keep reading the old spelling (no other code may find rows by their path).
 */
export function legacySubject(path: string): OutboxSubject {
  const video = matchPath(TRAINING_PATHS.reportProgress, path);
  if (video) return { kind: 'video-progress', videoId: Number(video.id) };
  const answer = matchPath(QUIZ_PATHS.answer, path);
  if (answer) return { kind: 'quiz-answer', participationId: Number(answer.participacion), questionId: Number(answer.pregunta) };
  if (path === TRAINING_PATHS.logEvent) return { kind: 'log-event' };
  return OTHER;
}
