import { describe, expect, it } from 'vitest';
import { allowedKbps, silentLagSeconds, videoChecks, windowsOverRate } from './report-video.ts';
import { VIDEO_NETWORK, type VideoFloorReport, type VideoRun } from './video-floor.ts';

const run = (over: Partial<VideoRun>): VideoRun => ({
  source: 'adaptive', round: 1, seconds: 90, playedSeconds: 88, frames: 2600, bytes: 10_000_000, receivedKbps: [1400, 1500, 400], linkKbps: [1400, 1500, 400], connections: 2,
  errors: [], firstFrameMs: 1_500, initialWaitMs: 1_500, stalls: [], totalStallMs: 0, renditionSwitches: 1, renditions: [240, 360], ...over,
});
const network = VIDEO_NETWORK;

describe('the video step checks', () => {
  it('holds adaptive runs to first frame ≤ 2 s and < 1 s of stalls, and reports the single file without a verdict', () => {
    const report = { network, runs: [run({}), run({ firstFrameMs: 2_100, totalStallMs: 1_000 }), run({ source: 'single', totalStallMs: 9_000 })] } as VideoFloorReport;
    const timing = videoChecks(report).filter((c) => !c.name.includes('red limitada'));
    expect(timing.map((c) => c.ok)).toEqual([true, true, false, false, null, null]);
  });

  it('fails an adaptive run that never showed a frame or met an error, whatever its stalls', () => {
    const checks = videoChecks({ network, runs: [run({ firstFrameMs: null, initialWaitMs: null }), run({ errors: ['401 /media/u/x.ts'] })] } as VideoFloorReport);
    expect(checks.filter((c) => !c.name.includes('red limitada')).map((c) => c.ok)).toEqual([false, false, false, false]);
  });

  it('allows each 5-s window the link’s rate +10 %, the drop’s first window a quarter second of the rate before it', () => {
    expect(allowedKbps(network, 0)).toBeCloseTo(1_650);
    expect(allowedKbps(network, 4)).toBeCloseTo(((0.25 * 1_500 + 4.75 * 400) / 5) * 1.1);
    expect(allowedKbps(network, 5)).toBeCloseTo(440);
    expect(allowedKbps(network, 8)).toBeCloseTo(1_650);
  });

  it('flags, for either source, a run that received more than the link allows in some window', () => {
    const held = [1500, 1640, 1500, 1500, 500, 430, 420, 440, 1600];
    expect(windowsOverRate({ receivedKbps: held }, network)).toEqual([]);
    expect(windowsOverRate({ receivedKbps: [1500, 1700, 1500, 1500, 400, 600, 400] }, network)).toEqual([1, 5]);
    const checks = videoChecks({ network, runs: [run({ source: 'single', receivedKbps: held }), run({ source: 'single', receivedKbps: [1500, 16_780] })] } as VideoFloorReport);
    const rate = checks.filter((c) => c.name.includes('red limitada'));
    expect(rate.map((c) => c.ok)).toEqual([true, false]);
    expect(rate[1]!.value).toContain('5–10 s 16780 kbps');
  });

  it('counts the watching time the position did not advance without a stall event, none when the clip ended', () => {
    expect(silentLagSeconds({ seconds: 179.9, initialWaitMs: 1_660, totalStallMs: 0, playedSeconds: 169.4 }, 180)).toBe(8.8);
    expect(silentLagSeconds({ seconds: 179.9, initialWaitMs: 1_780, totalStallMs: 84_730, playedSeconds: 91.1 }, 180)).toBe(2.3);
    expect(silentLagSeconds({ seconds: 190, initialWaitMs: 1_000, totalStallMs: 0, playedSeconds: 180 }, 180)).toBe(0);
  });
});
