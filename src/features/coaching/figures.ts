// How Seguimiento shows the server's figures: labels, Spanish number formats, the comparison
// with the previous attribute, the by-site order and what a stalled agent has left. Pure
// presentation over the contract's types: every figure itself is computed by the server.
import type { CoachingFigures, CoachingGroupFigures, CoachingNudge } from '#contract/coaching';
import { dateTimeFormat } from '#domain/date-format';
import { formatNumber } from '#domain/format';

export type FigureKey = keyof CoachingFigures;

/** The overview's figures, in the order a supervisor reads them (the funnel's order first). */
export const FIGURES: readonly { key: FigureKey; label: string; short: string }[] = [
  { key: 'agentes', label: 'Agentes', short: 'Agentes' },
  { key: 'iniciaron', label: 'Iniciaron', short: 'Iniciaron' },
  { key: 'terminaron', label: 'Terminaron la formación', short: 'Terminaron' },
  { key: 'reface', label: 'Hicieron el reface', short: 'Reface' },
  { key: 'media_quiz', label: 'Media de quiz', short: 'Media quiz' },
  { key: 'puntos', label: 'Puntos', short: 'Puntos' },
];

// Intl objects are built on first use, not when the module loads (src/domain/format.ts says why).
let oneDecimal: Intl.NumberFormat | undefined;
let percent: Intl.NumberFormat | undefined;

/** A figure as the screen and its tables write it; a quiz mean without completed quizzes is "—". */
export function formatFigure(key: FigureKey, value: number | null): string {
  if (value === null) return '—';
  return key === 'media_quiz' ? (oneDecimal ??= new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(value) : formatNumber(value);
}

/** "62 %" of the agents; "—" with none. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? (percent ??= new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 })).format(part / whole) : '—';
}

export type Trend = 'up' | 'down' | 'same';

/**
 * The figure beside the previous attribute's: "+12 vs. Resolutivo", "−3 vs. Resolutivo",
 * "= que Resolutivo". Null when either side has no figure (no previous attribute, no quizzes).
 */
export function comparison(key: FigureKey, current: number | null, previous: number | null, previousName: string): { text: string; trend: Trend } | null {
  if (current === null || previous === null) return null;
  // Quiz means carry one decimal: compare what the screen shows, not float noise.
  const delta = key === 'media_quiz' ? Math.round((current - previous) * 10) / 10 : current - previous;
  if (delta === 0) return { text: `= que ${previousName}`, trend: 'same' };
  const magnitude = formatFigure(key, Math.abs(delta));
  return { text: `${delta > 0 ? '+' : '−'}${magnitude} vs. ${previousName}`, trend: delta > 0 ? 'up' : 'down' };
}

export type GroupSortKey = 'nombre' | 'plataforma' | FigureKey;
export type SortDirection = 'asc' | 'desc';
export interface GroupSort {
  key: GroupSortKey;
  direction: SortDirection;
}

type GroupRow = CoachingGroupFigures & { plataforma?: string };

let collator: Intl.Collator | undefined;

/**
 * The by-site (or by-platform) rows ordered by one column. Rows without a quiz mean go last
 * either way (an empty figure is not the lowest); ties keep the name order.
 */
export function sortGroups<T extends GroupRow>(rows: readonly T[], { key, direction }: GroupSort): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  const names = (collator ??= new Intl.Collator('es', { sensitivity: 'base', numeric: true }));
  const byName = (a: T, b: T) => names.compare(a.nombre, b.nombre);
  return [...rows].sort((a, b) => {
    if (key === 'nombre' || key === 'plataforma') return sign * names.compare(a[key] ?? '', b[key] ?? '') || byName(a, b);
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}

/** A header click: the same column flips its direction; a new one starts with the largest figures (names A→Z). */
export function nextSort(current: GroupSort, key: GroupSortKey): GroupSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'nombre' || key === 'plataforma' ? 'asc' : 'desc' };
}

/** What a stalled agent has left: "3 vídeos · quiz 1 y 2 · reface"; "Nada" when all is done. */
export function pendingText({ videos_pendientes, quizzes_pendientes, reface_pendiente }: Pick<CoachingNudge, 'videos_pendientes' | 'quizzes_pendientes' | 'reface_pendiente'>): string {
  const parts: string[] = [];
  if (videos_pendientes > 0) parts.push(`${formatNumber(videos_pendientes)} ${videos_pendientes === 1 ? 'vídeo' : 'vídeos'}`);
  if (quizzes_pendientes.length > 0) parts.push(`quiz ${[...quizzes_pendientes].sort((a, b) => a - b).join(' y ')}`);
  if (reface_pendiente) parts.push('reface');
  return parts.length > 0 ? parts.join(' · ') : 'Nada';
}

/** "3 nov", the day of a points-per-day entry (YYYY-MM-DD, the programme's calendar day). */
export function dayLabel(dia: string): string {
  const [year, month, day] = dia.split('-').map(Number);
  if (!year || !month || !day) return dia;
  return dateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day)).replace('.', '');
}
