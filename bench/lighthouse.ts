// Lighthouse 12 in its default mobile mode (simulated throttling) against the running
// server: N runs per route, interleaved so every route sees the same machine noise, each in
// a fresh Chromium profile (a first visit). Signed-in routes get the session written to
// localStorage on a page that does not load the app, so nothing is warmed before the run.
// The baseline page (bench/lib/baseline.ts) runs in the same rounds: each route's LCP is
// reported over the baseline's, which takes the machine and the server out of the ratio. So
// does the reference page (bench/lib/reference.ts, issue 37: React 19 + Mantine 9 drawing a
// signed-in screen with no data layer): each route's score and TBT are set against its own.
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { launchChromium } from './lib/chromium.ts';
import { median } from './lib/stats.ts';
import { MEDIA_COOKIE } from '#server/media/access-cookie';
import { compareWithYardsticks } from './lib/yardsticks.ts';

export const LIGHTHOUSE_ROUTES = ['/login', '/home', '/dashboard/accesible', '/ranking/accesible', '/premios'];
const SESSION_STORAGE_KEY = 'impecable.session';
/** Every run's full report lands here (git-ignored) for looking into a figure. */
export const LIGHTHOUSE_WORK_DIR = 'bench/.work/lighthouse';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthouseRoute {
  route: string;
  /** The static baseline page, not an app route. */
  baseline?: true;
  /** The same-stack reference page, not an app route. */
  reference?: true;
  /** The reference page's JS, gzip bytes (its build's size). */
  jsGzip?: number;
  runs: LighthouseRun[];
  performanceMedian: number;
  performanceMin: number;
  accessibilityMedian: number;
  fcpMedianMs: number;
  lcpMedianMs: number;
  tbtMedianMs: number;
  clsMedian: number;
  clsMax: number;
  /** lcpMedianMs over the baseline page's, same run (absent without a baseline). */
  lcpRatio?: number;
  /** performanceMedian minus the reference page's, same run (absent without a reference). */
  performanceVsReference?: number;
  /** tbtMedianMs over the reference page's, same run (absent without a reference, or if its TBT is 0). */
  tbtRatio?: number;
  /** Audits that failed in the median run, for the closing note. */
  failedAccessibilityAudits: string[];
  error?: string;
}

interface Session {
  token: string;
  user: Record<string, unknown>;
}

async function writeSession(port: number, baseUrl: string, session: Session): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    // A signed-in device also holds the media cookie its sign-in answer set (server/media/access-cookie.ts).
    await context.addCookies([{ name: MEDIA_COOKIE, value: session.token, url: `${baseUrl}/media/`, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    // A JSON endpoint of the same origin: storage is per origin and the app is not loaded.
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [
        SESSION_STORAGE_KEY,
        JSON.stringify({ status: 'authenticated', ...session, originalUser: null, originalToken: null, seeModal: true }),
      ],
    );
    await page.close();
  } finally {
    // Disconnects Playwright only; the browser stays up for Lighthouse.
    await browser.close();
  }
}

async function runOnce(
  baseUrl: string,
  route: string,
  session: Session | null,
  index: number,
): Promise<{ run: LighthouseRun; failedA11y: string[] }> {
  const browser = await launchChromium();
  try {
    if (session) await writeSession(browser.port, baseUrl, session);
    const result = await lighthouse(`${baseUrl}${route}`, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: session !== null,
    });
    if (!result) throw new Error('Lighthouse no devolvió resultado');
    const { lhr } = result;
    mkdirSync(LIGHTHOUSE_WORK_DIR, { recursive: true });
    writeFileSync(`${LIGHTHOUSE_WORK_DIR}/${route.replace(/\W+/g, '_')}-${index + 1}.json`, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failedA11y = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
    return {
      run: {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcpMs: Math.round(numeric('first-contentful-paint')),
        lcpMs: Math.round(numeric('largest-contentful-paint')),
        tbtMs: Math.round(numeric('total-blocking-time')),
        cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      },
      failedA11y,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Routes × runs, interleaved; `session` signs in every route but /login and the two yardstick
 * pages (baseline and reference), which read no session.
 */
export async function runLighthouse(options: {
  baseUrl: string;
  runs: number;
  routes?: string[];
  /** Path of the baseline page, measured first in every round. */
  baselinePath?: string;
  /** Path of the reference page, measured second in every round. */
  referencePath?: string;
  session: Session;
  log: (line: string) => void;
}): Promise<LighthouseRoute[]> {
  const routes = options.routes ?? LIGHTHOUSE_ROUTES;
  const yardsticks = [options.baselinePath, options.referencePath].filter((path): path is string => Boolean(path));
  const measured = [...yardsticks, ...routes];
  const signedIn = (route: string) => route !== '/login' && !yardsticks.includes(route);
  const collected = new Map(measured.map((route) => [route, { runs: [] as LighthouseRun[], a11y: [] as string[][], error: '' }]));
  for (let i = 0; i < options.runs; i++) {
    for (const route of measured) {
      const entry = collected.get(route)!;
      try {
        const once = () => runOnce(options.baseUrl, route, signedIn(route) ? options.session : null, i);
        // Lighthouse's own transient failures (a trace without its navigation start) ask for a
        // new run; one more is taken, in a new browser, and the log says so.
        const { run, failedA11y } = await once().catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          if (!/run Lighthouse again/i.test(message)) throw error;
          options.log(`lighthouse ${route} #${i + 1}: ${message}; se repite`);
          return once();
        });
        entry.runs.push(run);
        entry.a11y.push(failedA11y);
        options.log(`lighthouse ${route} #${i + 1}: rendimiento ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}`);
      } catch (error) {
        entry.error = error instanceof Error ? error.message : String(error);
        options.log(`lighthouse ${route} #${i + 1}: error ${entry.error}`);
      }
    }
  }
  const summaries = measured.map((route): LighthouseRoute => {
    const { runs, a11y, error } = collected.get(route)!;
    const performance = runs.map((r) => r.performance);
    return {
      route,
      ...(route === options.baselinePath ? { baseline: true as const } : {}),
      ...(route === options.referencePath ? { reference: true as const } : {}),
      runs,
      performanceMedian: median(performance),
      performanceMin: Math.min(...performance),
      accessibilityMedian: median(runs.map((r) => r.accessibility)),
      fcpMedianMs: median(runs.map((r) => r.fcpMs)),
      lcpMedianMs: median(runs.map((r) => r.lcpMs)),
      tbtMedianMs: median(runs.map((r) => r.tbtMs)),
      clsMedian: median(runs.map((r) => r.cls)),
      clsMax: Math.max(...runs.map((r) => r.cls)),
      failedAccessibilityAudits: [...new Set(a11y.flat())],
      ...(error && runs.length < options.runs ? { error } : {}),
    };
  });
  compareWithYardsticks(summaries);
  return summaries;
}
