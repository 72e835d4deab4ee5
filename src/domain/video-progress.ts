// Video progress rules: the high-water mark a user's reports build, when a report marks the
// video seen, whether a 100 % report has plausible viewing behind it (so it may pay), and
// an attribute's training percentage. Pure: moments come in as arguments; never reads the
// clock, storage or the network, and never decides amounts or writes the ledger.

export const VIDEO_COMPLETE = 100;
/**
 * A completion pays only when at least this fraction of the video's length passed between
 * the first partial report and the 100 % report. The first report comes at 10 %, so the
 * remaining 90 % played at up to ~4.5× still pays; a seek straight to the end does not.
 */
export const MIN_VIEWING_FRACTION = 0.2;

export interface VideoProgressState {
  /** Highest percentage ever reported (0-100): it never goes back. */
  porcentaje: number;
  /** When the earliest report between 1 and 99 happened, or null if none came. */
  firstPartialAt: Date | null;
  /** When the first 100 % report happened, or null. */
  seenAt: Date | null;
}

export interface ProgressReport {
  porcentaje: number;
  /** When the viewing happened (X-Occurred-At), not when the report arrived. */
  occurredAt: Date;
}

export const NO_PROGRESS: VideoProgressState = { porcentaje: 0, firstPartialAt: null, seenAt: null };

export function isPartialProgress(porcentaje: number): boolean {
  return porcentaje >= 1 && porcentaje < VIDEO_COMPLETE;
}

/**
 * The state after one report. Reports may arrive late and out of order (queued offline), so
 * each field keeps its extreme: the highest percentage, the earliest partial, the first 100.
 */
export function applyProgressReport(state: VideoProgressState, report: ProgressReport): VideoProgressState {
  const partial = isPartialProgress(report.porcentaje);
  const earlierPartial = partial && (state.firstPartialAt === null || report.occurredAt < state.firstPartialAt);
  return {
    porcentaje: Math.max(state.porcentaje, report.porcentaje),
    firstPartialAt: earlierPartial ? report.occurredAt : state.firstPartialAt,
    seenAt: state.seenAt ?? (report.porcentaje === VIDEO_COMPLETE ? report.occurredAt : null),
  };
}

/**
 * "A jump straight to 100 % with no plausible viewing behind it pays nothing": the 100 %
 * report at `completedAt` pays only after an earlier 1-99 report, at least
 * MIN_VIEWING_FRACTION of the video's duration before it.
 */
export function isPlausibleCompletion(input: { firstPartialAt: Date | null; completedAt: Date; durationSeconds: number }): boolean {
  if (input.firstPartialAt === null) return false;
  const watchedMs = input.completedAt.getTime() - input.firstPartialAt.getTime();
  // Rounded so 20 % of 6 s is exactly 1200 ms, not 1200.0000000000002.
  const neededMs = Math.round(Math.max(0, input.durationSeconds) * 1000 * MIN_VIEWING_FRACTION);
  return watchedMs > 0 && watchedMs >= neededMs;
}

/**
 * Whether the video's points are earned once `report` is applied (`state` is the state after
 * it): this 100 % report completes a plausible viewing, or, since queued reports may arrive out
 * of order, a late partial report shows that the first 100 % already was one. The ledger's
 * source key makes the payment happen once, whichever report triggers it.
 */
export function completionEarns(state: VideoProgressState, report: ProgressReport, durationSeconds: number): boolean {
  const thisCompletes = report.porcentaje === VIDEO_COMPLETE
    && isPlausibleCompletion({ firstPartialAt: state.firstPartialAt, completedAt: report.occurredAt, durationSeconds });
  const firstCompletionProven = state.seenAt !== null
    && isPlausibleCompletion({ firstPartialAt: state.firstPartialAt, completedAt: state.seenAt, durationSeconds });
  return thisCompletes || firstCompletionProven;
}

export interface TrainingCounts {
  videosTotal: number;
  videosSeen: number;
  quizzesTotal: number;
  quizzesDone: number;
}

/** GET /progreso: the training contents done (videos seen + quizzes completed) of all, 0-100. */
export function attributeProgress({ videosTotal, videosSeen, quizzesTotal, quizzesDone }: TrainingCounts): number {
  const total = videosTotal + quizzesTotal;
  if (total <= 0) return 0;
  const done = Math.min(videosSeen, videosTotal) + Math.min(quizzesDone, quizzesTotal);
  return Math.round((100 * Math.max(0, done)) / total);
}

/**
 * The video as its viewer sees it once one more report is queued, before the server answers:
 * the same high-water mark the server keeps, and seen from 100 % on.
 */
export function videoAfterReport<V extends { porcentaje: number; visto: boolean }>(video: V, porcentaje: number): V {
  return { ...video, porcentaje: Math.max(video.porcentaje, porcentaje), visto: video.visto || porcentaje >= VIDEO_COMPLETE };
}

/** Whether this report completes a video not seen yet: the one report the device previews +5 for. */
export function reportCompletesVideo(video: { visto: boolean }, porcentaje: number): boolean {
  return porcentaje >= VIDEO_COMPLETE && !video.visto;
}
