// The words of the sync indicator. Pure: outbox rows or counts in, Spanish out. What each row
// is comes from its subject (set when it was queued), never from its API path.
import { formatNumber } from '#domain/format';
import { subjectOf, type OutboxSubject } from '#offline/outbox-subject';

/** The part of an outbox row the sync line reads. */
interface PendingRowFacts {
  subject?: OutboxSubject;
  imps: number;
}

export interface PendingSummary {
  /** What the user did: a video (however many progress reports it queued), an answer… Activity logs not included. */
  actions: number;
  imps: number;
  videos: number;
  answers: number;
  /** Repaso answers (issue 39): they bring no IMPs. */
  reviews: number;
  others: number;
  /** "Clic vídeo", "Fin video"…: queued too, but nothing the user did on purpose. */
  logs: number;
}

export const NOTHING_PENDING: PendingSummary = { actions: 0, imps: 0, videos: 0, answers: 0, reviews: 0, others: 0, logs: 0 };

/** Counts the pending rows by kind; a video's several progress reports count as one video. */
export function summarizePending(rows: ReadonlyArray<PendingRowFacts>): PendingSummary {
  const videos = new Set<number>();
  const counts = { ...NOTHING_PENDING };
  for (const row of rows) {
    counts.imps += row.imps;
    const subject = subjectOf(row);
    if (subject.kind === 'video-progress') videos.add(subject.videoId);
    else if (subject.kind === 'quiz-answer') counts.answers += 1;
    else if (subject.kind === 'repaso-answer') counts.reviews += 1;
    else if (subject.kind === 'log-event') counts.logs += 1;
    else counts.others += 1;
  }
  counts.videos = videos.size;
  counts.actions = counts.videos + counts.answers + counts.reviews + counts.others;
  return counts;
}

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function kindParts(summary: PendingSummary): string[] {
  return [
    summary.videos > 0 ? count(summary.videos, 'vídeo', 'vídeos') : null,
    summary.answers > 0 ? count(summary.answers, 'respuesta', 'respuestas') : null,
    summary.reviews > 0 ? count(summary.reviews, 'de Repaso', 'de Repaso') : null,
    summary.others > 0 ? count(summary.others, 'otra', 'otras') : null,
  ].filter((part): part is string => part !== null);
}

/**
 * "6 acciones pendientes: +5 IMPs, 1 vídeo, 5 respuestas": every kind waiting to be sent, and
 * the IMPs they are expected to bring. Null when nothing waits.
 */
export function pendingText(summary: PendingSummary): string | null {
  if (summary.actions === 0) {
    return summary.logs > 0 ? count(summary.logs, 'registro de actividad pendiente', 'registros de actividad pendientes') : null;
  }
  const imps = summary.imps > 0 ? [`+${formatNumber(summary.imps)} IMPs`] : [];
  return `${count(summary.actions, 'acción pendiente', 'acciones pendientes')}: ${[...imps, ...kindParts(summary)].join(', ')}`;
}

/**
 * The same for a phone's line, where the long form does not fit: "Por enviar: 1 vídeo,
 * 5 respuestas". The header's balance already counts the IMPs; the detail lists everything.
 */
export function pendingShortText(summary: PendingSummary): string | null {
  if (summary.actions === 0) return summary.logs > 0 ? `Por enviar: ${count(summary.logs, 'registro', 'registros')}` : null;
  return `Por enviar: ${kindParts(summary).join(', ')}`;
}

export interface PendingLine {
  key: string;
  label: string;
  imps: number;
}

/**
 * The detail of what waits, one line per thing the user did, oldest first: a video once (its
 * "Vídeo completado" report if any), each answer, and the activity logs as one count.
 */
export function pendingLines(rows: ReadonlyArray<PendingRowFacts & { id: string; label: string }>): PendingLine[] {
  const lines: PendingLine[] = [];
  const byVideo = new Map<number, PendingLine>();
  let logs = 0;
  for (const row of rows) {
    const subject = subjectOf(row);
    if (subject.kind === 'log-event') {
      logs += 1;
      continue;
    }
    const video = subject.kind === 'video-progress' ? byVideo.get(subject.videoId) : undefined;
    if (video) {
      video.imps += row.imps;
      if (row.imps > 0) video.label = row.label;
      continue;
    }
    const line = { key: row.id, label: row.label, imps: row.imps };
    if (subject.kind === 'video-progress') byVideo.set(subject.videoId, line);
    lines.push(line);
  }
  if (logs > 0) lines.push({ key: 'logs', label: count(logs, 'registro de actividad', 'registros de actividad'), imps: 0 });
  return lines;
}

/** "1 acción rechazada", "2 acciones rechazadas". */
export function failedText(failed: number): string {
  return count(failed, 'acción rechazada', 'acciones rechazadas');
}
