import { describe, expect, it } from 'vitest';
import { throttleLeaked, videoChecks } from './report-video.ts';
import type { VideoFloorReport, VideoRun } from './video-floor.ts';

const run = (over: Partial<VideoRun>): VideoRun => ({
  source: 'adaptive', round: 1, seconds: 90, playedSeconds: 88, frames: 2600, bytes: 10_000_000, receivedKbps: [1400, 1500, 400],
  errors: [], firstFrameMs: 1_500, initialWaitMs: 1_500, stalls: [], totalStallMs: 0, renditionSwitches: 1, renditions: [240, 360], ...over,
});

describe('the video step checks', () => {
  it('holds adaptive runs to first frame ≤ 2 s and < 1 s of stalls, and reports the single file without a verdict', () => {
    const report = { runs: [run({}), run({ firstFrameMs: 2_100, totalStallMs: 1_000 }), run({ source: 'single', totalStallMs: 9_000 })] } as VideoFloorReport;
    expect(videoChecks(report).map((c) => c.ok)).toEqual([true, true, false, false, null, null]);
  });

  it('fails an adaptive run that never showed a frame or met an error, whatever its stalls', () => {
    const checks = videoChecks({ runs: [run({ firstFrameMs: null, initialWaitMs: null }), run({ errors: ['401 /media/u/x.ts'] })] } as VideoFloorReport);
    expect(checks.map((c) => c.ok)).toEqual([false, false, false, false]);
  });

  it('flags a run that received well above the throttle in some window', () => {
    expect(throttleLeaked({ receivedKbps: [1500, 1700, 450] }, 1500)).toBe(false);
    expect(throttleLeaked({ receivedKbps: [1500, 16_780, 0] }, 1500)).toBe(true);
  });
});
