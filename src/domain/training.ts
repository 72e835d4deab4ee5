// Training module rules (spec section 4): video and quiz button states, which video opens
// which quiz, the padlock, the 10 % progress milestones, and the calendar's NEW attribute.
// Pure: `now` is passed in; never reads the clock, storage or the network.
import type { Video } from '#contract/training';
import { compareDays, currentAttribute, isAvailableOn, type CalendarEntry } from './calendar';
import { attributeArt } from './attributes';

export const QUIZZES_PER_ATTRIBUTE = 2;
/** Progress is reported at every multiple of this percentage. */
export const PROGRESS_STEP = 10;
/** Progress above 0 and at most this is reported when the player closes mid-video. */
export const CLOSE_REPORT_MAX = 89;
/** The player gives up waiting for the video after this long. */
export const VIDEO_LOAD_TIMEOUT_MS = 5_000;

export const QUIZ_LOCKED_MESSAGE = 'Tienes que completar el video de formación para poder acceder al cuestionario.';

export type VideoButtonLabel = 'Próximamente' | 'Comenzar' | 'En proceso' | 'Ver de nuevo';

type VideoState = Pick<Video, 'is_hable' | 'visto' | 'porcentaje'>;

/** Spec 4: not available; available without progress; with progress; watched. */
export function videoButtonLabel(video: VideoState): VideoButtonLabel {
  if (!video.is_hable) return 'Próximamente';
  if (video.visto) return 'Ver de nuevo';
  return video.porcentaje > 0 ? 'En proceso' : 'Comenzar';
}

/** A participation's state as the quiz screens know it: none, questions loaded, results loaded. */
export type QuizProgress = 'not-started' | 'in-progress' | 'completed';

export type QuizButtonState =
  | { kind: 'disabled'; label: 'Próximamente' }
  | { kind: 'locked'; label: 'Comenzar'; message: typeof QUIZ_LOCKED_MESSAGE }
  | { kind: 'link'; label: 'Comenzar' | 'En proceso' | 'Completado' };

const QUIZ_LINK_LABEL = { 'not-started': 'Comenzar', 'in-progress': 'En proceso', completed: 'Completado' } as const;

/**
 * Spec 4: "Próximamente" (disabled) while the matching video is not available; "Comenzar"
 * opening the locked-quiz modal while it is not watched; otherwise a link labelled by the quiz.
 */
export function quizButtonState(input: { videoAvailable: boolean; videoSeen: boolean; quizState: QuizProgress }): QuizButtonState {
  if (!input.videoAvailable) return { kind: 'disabled', label: 'Próximamente' };
  if (!input.videoSeen) return { kind: 'locked', label: 'Comenzar', message: QUIZ_LOCKED_MESSAGE };
  return { kind: 'link', label: QUIZ_LINK_LABEL[input.quizState] };
}

/**
 * The video a quiz depends on. Our reading of spec 1 and 4: Quiz 1 opens with the
 * presentation (position 0) at the start of the month; Quiz 2 opens mid-month with the
 * formative content, and its "video de formación" is the last formative video (highest
 * position), the one that completes that content. Undefined when the attribute has none.
 */
export function quizVideo<V extends Pick<Video, 'position'>>(videos: readonly V[], quiz: 1 | 2): V | undefined {
  const sorted = sortVideos(videos);
  if (quiz === 1) return sorted.find((v) => v.position === 0);
  const formative = sorted.filter((v) => v.position > 0);
  return formative[formative.length - 1];
}

/** Presentation first, then the formative videos in order. */
export function sortVideos<V extends Pick<Video, 'position'>>(videos: readonly V[]): V[] {
  return [...videos].sort((a, b) => a.position - b.position);
}

/** The padlock opens when every video is watched and both quizzes are completed. */
export function padlockOpen(videos: readonly Pick<Video, 'visto'>[], quizzesDone: number): boolean {
  return videos.length > 0 && videos.every((v) => v.visto) && quizzesDone >= QUIZZES_PER_ATTRIBUTE;
}

/** How many training contents unlock the padlock: the videos plus the two quizzes. */
export function trainingContentCount(videos: readonly unknown[]): number {
  return videos.length + QUIZZES_PER_ATTRIBUTE;
}

/**
 * The 10 % multiples reached since the last one sent, in order: (previousSent, current].
 * `current` is the played percentage (any number); 100 is reached only at 100.
 */
export function progressMilestones(previousSent: number, current: number): number[] {
  const reached = Math.min(100, Math.floor(current / PROGRESS_STEP) * PROGRESS_STEP);
  const from = Math.max(0, Math.floor(previousSent / PROGRESS_STEP) * PROGRESS_STEP) + PROGRESS_STEP;
  const out: number[] = [];
  for (let m = from; m <= reached; m += PROGRESS_STEP) out.push(m);
  return out;
}

/** Whole percentage played, 0-100, from the player's position; 0 while the duration is unknown. */
export function playedPercent(currentTime: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(currentTime)) return 0;
  return Math.max(0, Math.min(100, Math.floor((currentTime / duration) * 100)));
}

/** Spec 4: closing mid-video reports progress between 1 and 89, when it is news to the server. */
export function closeReport(played: number, alreadySent: number): number | null {
  return played >= 1 && played <= CLOSE_REPORT_MAX && played > alreadySent ? played : null;
}

/**
 * The GET /progreso figure once one more video is seen, estimated on the device from the last
 * figure the server gave (#domain/video-progress computes it as contents done of all
 * contents), so the bar moves offline; the server's next answer replaces it.
 */
export function progressAfterVideoSeen(previous: number, videos: readonly unknown[]): number {
  if (videos.length === 0) return previous;
  const total = trainingContentCount(videos);
  const doneBefore = Math.round((previous * total) / 100);
  return Math.min(100, Math.round((100 * (doneBefore + 1)) / total));
}

type Dated = Pick<CalendarEntry, 'id' | 'enabled' | 'month_start' | 'month_end'>;

/** NEW badge: the attribute whose month is running today, according to the calendar data. */
export function isNewAttribute(calendar: readonly Dated[], attributeId: number, now: Date): boolean {
  return currentAttribute(calendar, now)?.id === attributeId;
}

/** The home banners: enabled attributes, most recent month first (the current one leads). */
export function bannerAttributes<T extends Pick<CalendarEntry, 'enabled' | 'month_start' | 'display_order'>>(calendar: readonly T[]): T[] {
  return calendar
    .filter((a) => a.enabled)
    .sort((a, b) => compareDays(b.month_start ?? '', a.month_start ?? '') || a.display_order - b.display_order);
}

/** A banner's two files, as its <picture> shows them (wide, and phones under 48em). */
export interface BannerArt {
  wide: string;
  compact: string;
}

/**
 * The first home banner's two files (wide, and phones'), or null with no enabled attribute:
 * what the home shows first, and what the static shell paints before the app (boot.ts).
 */
export function firstBannerArt(calendar: readonly Pick<CalendarEntry, 'enabled' | 'month_start' | 'display_order' | 'slug'>[]): BannerArt | null {
  const first = bannerAttributes(calendar)[0];
  if (!first) return null;
  const art = attributeArt(first.slug);
  return { wide: art.banner, compact: art.bannerCompact };
}

/** Tiles and avatars in the programme's display order. */
export function inDisplayOrder<T extends Pick<CalendarEntry, 'display_order'>>(calendar: readonly T[]): T[] {
  return [...calendar].sort((a, b) => a.display_order - b.display_order);
}

/** Whether the formative content and Quiz 2 of an attribute are open today. */
export function isQuiz2Open(entry: Pick<CalendarEntry, 'quiz2_opens_at'>, now: Date): boolean {
  return isAvailableOn(entry.quiz2_opens_at, now);
}
