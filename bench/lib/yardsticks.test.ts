import { describe, expect, it } from 'vitest';
import type { LighthouseRoute } from '../lighthouse.ts';
import { compareWithYardsticks } from './yardsticks.ts';

const run = { performance: 90, accessibility: 100, fcpMs: 700, lcpMs: 800, tbtMs: 100, cls: 0 };

function page(route: string, figures: Partial<LighthouseRoute>): LighthouseRoute {
  return {
    route,
    runs: [run],
    performanceMedian: 90,
    performanceMin: 90,
    accessibilityMedian: 100,
    fcpMedianMs: 700,
    lcpMedianMs: 800,
    tbtMedianMs: 100,
    clsMedian: 0,
    clsMax: 0,
    failedAccessibilityAudits: [],
    ...figures,
  };
}

describe('compareWithYardsticks', () => {
  it("sets each route's LCP over the baseline's, and its score and TBT against the reference's", () => {
    const pages = [
      page('/bench-baseline.html', { baseline: true, lcpMedianMs: 650 }),
      page('/bench-reference/index.html', { reference: true, performanceMedian: 95, tbtMedianMs: 240, lcpMedianMs: 900 }),
      page('/login', { performanceMedian: 74, tbtMedianMs: 1300, lcpMedianMs: 845 }),
    ];
    compareWithYardsticks(pages);
    expect(pages[2]).toMatchObject({ lcpRatio: 1.3, performanceVsReference: -21, tbtRatio: 5.42 });
    // The reference gets its own LCP over the baseline's, for the table; nothing against itself.
    expect(pages[1]).toMatchObject({ lcpRatio: 1.38 });
    expect(pages[1]!.tbtRatio).toBeUndefined();
    expect(pages[0]!.lcpRatio).toBeUndefined();
  });

  it('leaves out what a yardstick without runs, or a reference TBT of 0, cannot give', () => {
    const pages = [
      page('/bench-baseline.html', { baseline: true, runs: [] }),
      page('/bench-reference/index.html', { reference: true, tbtMedianMs: 0, performanceMedian: 99 }),
      page('/home', { performanceMedian: 97 }),
    ];
    compareWithYardsticks(pages);
    expect(pages[2]).toMatchObject({ performanceVsReference: -2 });
    expect(pages[2]!.lcpRatio).toBeUndefined();
    expect(pages[2]!.tbtRatio).toBeUndefined();
  });
});
