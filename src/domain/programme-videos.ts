// Programa › Vídeos (issue 35): the rules of an attribute's videos, once, for the route, the pack
// section and the screen. Videos are ordered per attribute; position 0 is the presentation (it
// opens Quiz 1), so exactly one visible video leads. A video anyone has watched is never deleted
// (hidden instead), and its date is never moved later: a viewing already on an agent's device
// must still be accepted when it syncs. Pure: no clock, no database.
import { TITLE_MAX_LENGTH } from '#contract/programme-videos-constants';

export const TITLE_REQUIRED = 'El título no puede estar vacío';
export const TITLE_TOO_LONG = `El título no puede tener más de ${TITLE_MAX_LENGTH} caracteres`;
export const DATE_INVALID = 'La fecha de disponibilidad no es válida (AAAA-MM-DD)';
export const WATCHED_CANNOT_DELETE = 'Este vídeo ya lo ha visto alguien: ocúltalo en lugar de borrarlo';
export const WATCHED_CANNOT_DELAY = 'Este vídeo ya lo ha visto alguien: no puedes retrasar ni quitar su fecha de disponibilidad';
export const PRESENTATION_CANNOT_HIDE = 'La presentación no se puede ocultar: pon antes otro vídeo en primer lugar';
export const ORDER_NOT_SAME_VIDEOS = 'El nuevo orden debe tener todos los vídeos del atributo, cada uno una vez';
export const ORDER_HIDDEN_FIRST = 'Un vídeo oculto no puede ser la presentación: muéstralo antes o pon otro en primer lugar';

/** The attribute's month as the date rule reads it (null: not scheduled yet). */
export interface VideoMonth {
  month_start: string | null;
  month_end: string | null;
}

export interface VideoFields {
  title: string;
  available_from: string | null;
}

export interface VideoProblem {
  field: 'title' | 'available_from' | 'hidden' | 'order' | 'delete';
  message: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' naming a real day. */
export function isIsoDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** DD/MM/AAAA for a message. */
const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export function dateAfterMonth(monthEnd: string): string {
  return `La fecha de disponibilidad debe caer dentro del mes del atributo o antes (hasta el ${shown(monthEnd)})`;
}

/** The title as stored: trimmed. */
export function normalizeTitle(title: string): string {
  return title.trim();
}

/**
 * Problems of a video's title and date: a title of 1 to 120 characters, and a date that is a
 * real day inside or before the attribute's month (any day while it has no month), or none.
 */
export function videoFieldProblems(fields: VideoFields, month: VideoMonth): VideoProblem[] {
  const problems: VideoProblem[] = [];
  const title = normalizeTitle(fields.title);
  if (title.length === 0) problems.push({ field: 'title', message: TITLE_REQUIRED });
  else if (title.length > TITLE_MAX_LENGTH) problems.push({ field: 'title', message: TITLE_TOO_LONG });
  const date = fields.available_from;
  if (date !== null) {
    if (!isIsoDay(date)) problems.push({ field: 'available_from', message: DATE_INVALID });
    else if (month.month_end !== null && date > month.month_end) problems.push({ field: 'available_from', message: dateAfterMonth(month.month_end) });
  }
  return problems;
}

/**
 * A change of an existing video (title, date, hidden). On top of the field rules: a watched
 * video's date never moves later nor goes away (its viewings, maybe still queued on a device,
 * would be refused as "not available yet"), and the presentation is never hidden.
 */
export function videoChangeProblems(
  before: { available_from: string | null; position: number; hidden: boolean; views: number },
  after: VideoFields & { hidden: boolean },
  month: VideoMonth,
): VideoProblem[] {
  const problems = videoFieldProblems(after, month);
  const delayed = after.available_from === null || (before.available_from !== null && after.available_from > before.available_from);
  if (before.views > 0 && before.available_from !== null && delayed && after.available_from !== before.available_from) {
    problems.push({ field: 'available_from', message: WATCHED_CANNOT_DELAY });
  }
  if (after.hidden && !before.hidden && before.position === 0) problems.push({ field: 'hidden', message: PRESENTATION_CANNOT_HIDE });
  return problems;
}

/** Only a video nobody has any progress on may be deleted. */
export function mayDeleteVideo(video: { views: number }): boolean {
  return video.views === 0;
}

/**
 * A new order of an attribute's videos: exactly its videos, each once, and a visible one first
 * (the presentation). `videos` is the attribute's current list.
 */
export function orderProblems(videos: readonly { id: number; hidden: boolean }[], ids: readonly number[]): VideoProblem[] {
  const current = new Set(videos.map((v) => v.id));
  const given = new Set(ids);
  if (ids.length !== videos.length || given.size !== ids.length || ids.some((id) => !current.has(id))) {
    return [{ field: 'order', message: ORDER_NOT_SAME_VIDEOS }];
  }
  const first = videos.find((v) => v.id === ids[0]);
  return first?.hidden ? [{ field: 'order', message: ORDER_HIDDEN_FIRST }] : [];
}

/** The ids in order with `id` moved one place up (-1) or down (+1); the same order at an end. */
export function moveVideo(ids: readonly number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to] as number, next[from] as number];
  return next;
}

/** Whether the screen offers a move: within the list, and never leaving a hidden video first. */
export function canMoveVideo(videos: readonly { id: number; hidden: boolean }[], id: number, step: -1 | 1): boolean {
  const ids = videos.map((v) => v.id);
  const moved = moveVideo(ids, id, step);
  return moved.some((v, i) => v !== ids[i]) && orderProblems(videos, moved).length === 0;
}

/** The first problem's message, for a 400 or a form's error. */
export function firstProblem(problems: readonly VideoProblem[]): string | null {
  return problems[0]?.message ?? null;
}

/** "1:05" / "12:00" / "1:02:03" for a duration in seconds; "—" when unknown. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
