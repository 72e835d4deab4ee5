// Each Lighthouse route against the two pages measured in the same rounds (bench/lighthouse.ts):
// the static baseline page (LCP) and the same-stack reference page (performance and TBT).
import type { LighthouseRoute } from '../lighthouse.ts';

const ratio = (value: number, of: number) => Math.round((value / of) * 100) / 100;

/**
 * Fills in each route's figures against the yardsticks of the same run: LCP over the baseline
 * page's (the reference page's too), performance minus the reference page's and TBT over the
 * reference page's. A yardstick without runs leaves its figures out; so does a reference TBT of
 * 0 (no ratio to take).
 */
export function compareWithYardsticks(summaries: LighthouseRoute[]): void {
  const baseline = summaries.find((s) => s.baseline && s.runs.length > 0);
  const reference = summaries.find((s) => s.reference && s.runs.length > 0);
  for (const s of summaries) {
    if (s.baseline || s.runs.length === 0) continue;
    if (baseline && baseline.lcpMedianMs > 0) s.lcpRatio = ratio(s.lcpMedianMs, baseline.lcpMedianMs);
    if (reference && !s.reference) {
      s.performanceVsReference = s.performanceMedian - reference.performanceMedian;
      if (reference.tbtMedianMs > 0) s.tbtRatio = ratio(s.tbtMedianMs, reference.tbtMedianMs);
    }
  }
}
