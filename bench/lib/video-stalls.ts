// The video step's arithmetic, from the event log the bench page keeps (times in ms since
// play() was called): time to first frame, the initial wait (play() to the first `playing`,
// not a stall), each stall (`waiting` → the next `playing` after playback had started; one
// still open when the run ends counts up to the end) and the rendition switches.

export interface PlaybackEvent {
  /** ms since play() was called. */
  t: number;
  /** 'first-frame' (requestVideoFrameCallback), 'waiting', 'playing', 'rendition', 'resize', 'error', marks… */
  type: string;
  /** 'rendition': the selected rendition's height; 'resize': the displayed frame's height. */
  height?: number;
  bandwidth?: number;
  detail?: string;
}

export interface Stall {
  start: number;
  end: number;
  /** Still waiting when the run ended. */
  open?: true;
}

export interface PlaybackSummary {
  /** play() to the first frame presented (requestVideoFrameCallback); null: none within the run. */
  firstFrameMs: number | null;
  /** play() to the first `playing`: the start-up wait, kept apart from the stalls. */
  initialWaitMs: number | null;
  stalls: Stall[];
  totalStallMs: number;
  /** Changes of the selected rendition after the first choice (HLS only; 0 for a single file). */
  renditionSwitches: number;
  /** The heights selected, in order, each change once (HLS only). */
  renditions: number[];
}

/** The summary of one run's event log; `endMs` is when the run stopped watching. */
export function summarize(events: readonly PlaybackEvent[], endMs: number): PlaybackSummary {
  const sorted = [...events].sort((a, b) => a.t - b.t);
  const firstFrame = sorted.find((e) => e.type === 'first-frame');
  const firstPlaying = sorted.find((e) => e.type === 'playing');
  const stalls: Stall[] = [];
  let waitingSince: number | null = null;
  if (firstPlaying) {
    for (const e of sorted) {
      if (e.t < firstPlaying.t || (e.t === firstPlaying.t && e === firstPlaying)) continue;
      if (e.type === 'waiting' && waitingSince === null) waitingSince = e.t;
      else if (e.type === 'playing' && waitingSince !== null) {
        stalls.push({ start: waitingSince, end: e.t });
        waitingSince = null;
      }
    }
    if (waitingSince !== null) stalls.push({ start: waitingSince, end: Math.max(waitingSince, endMs), open: true });
  }
  const renditions: number[] = [];
  for (const e of sorted) {
    if (e.type !== 'rendition' || typeof e.height !== 'number') continue;
    if (renditions.at(-1) !== e.height) renditions.push(e.height);
  }
  return {
    firstFrameMs: firstFrame ? firstFrame.t : null,
    initialWaitMs: firstPlaying ? firstPlaying.t : null,
    stalls,
    totalStallMs: stalls.reduce((sum, s) => sum + (s.end - s.start), 0),
    renditionSwitches: Math.max(0, renditions.length - 1),
    renditions,
  };
}
