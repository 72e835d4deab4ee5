// Where a quiz stands on this device (spec 4 "Quiz flow"): the next question to show, waiting
// for corrections of answers queued offline, or the results. Pure: built from the cached
// question bundle, the server's corrections and the answers this device queued.
// Never decides correctness or points: only the server's corrections do.
import type { Question, QuizState } from '#contract/quiz';

/** An answer this device confirmed: queued (or sent, awaiting its correction), or refused by the server. */
export interface LocalAnswer {
  questionId: number;
  optionId: number;
  status: 'queued' | 'refused';
  /** The server's Spanish reason when refused. */
  error: string | null;
}

export type QuizStep =
  | { kind: 'question'; question: Question; refusal: string | null }
  | { kind: 'waiting'; uncorrected: number }
  | { kind: 'results' };

export interface QuizStepInput {
  total: number;
  /** Questions not answered when the bundle was fetched. */
  questions: readonly Question[];
  /** Questions the server has corrected (its results). */
  corrected: ReadonlySet<number>;
  local: ReadonlyMap<number, LocalAnswer>;
}

/**
 * Results once every question is corrected; otherwise the first question (in quiz order) with
 * no correction and no queued answer (a refused answer is asked again, with the reason);
 * otherwise waiting for the corrections of what is queued.
 */
export function quizStep({ total, questions, corrected, local }: QuizStepInput): QuizStep {
  if (total > 0 && corrected.size >= total) return { kind: 'results' };
  const ordered = [...questions].sort((a, b) => a.numero - b.numero);
  for (const question of ordered) {
    if (corrected.has(question.id)) continue;
    const answer = local.get(question.id);
    if (!answer) return { kind: 'question', question, refusal: null };
    if (answer.status === 'refused') return { kind: 'question', question, refusal: answer.error };
  }
  return { kind: 'waiting', uncorrected: Math.max(0, total - corrected.size) };
}

/** Milliseconds from the first showing of a question to now, never negative. */
export function elapsedSince(shownAt: number, now: number): number {
  return Math.max(0, now - shownAt);
}

/** "00:07", "01:12": a question's timer. */
export function formatTimer(elapsedMs: number): string {
  const seconds = Math.floor(Math.max(0, elapsedMs) / 1000);
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/**
 * A participation's counters once one more answer is queued, before the server corrects it:
 * one more answered, one fewer unanswered, never past the total. The dashboard's quiz button
 * reads them ("En proceso", then "Completado"), offline too.
 */
export function countQueuedAnswer(estado: QuizState): QuizState {
  const respondidas = Math.min(estado.preguntas_totales, estado.preguntas_respondidas + 1);
  return { ...estado, preguntas_respondidas: respondidas, preguntas_no_respondidas: estado.preguntas_totales - respondidas };
}
