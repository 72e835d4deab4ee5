// Repeat visit with the network off, and installability, in Debian's Chromium through
// Playwright. One warm-up visit online signs in (SSO link) and lets the service worker
// install and precache; then the context goes offline and /home opens again N times per CPU
// slowdown (CDP Emulation.setCPUThrottlingRate), timing from navigation start the first
// contentful paint, the header's "Hola, {nick}" and the route's cached content (the page the
// static shell repaints, or the app's own render, whichever comes first; the app's is reported
// too), and recording
// every request that left for the network (the page's or the worker's). Reads only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Request, type Response } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, assertChromium } from './lib/chromium.ts';
import { CONTENT_SELECTOR, PAINT_PROBE, type PaintMarks } from './lib/paint-probe.ts';
import { median } from './lib/stats.ts';
import { documentsOpenOffline } from '../tests/e2e/device.ts';

export interface OfflineRate {
  cpuSlowdown: number;
  fcpMs: number[];
  holaMs: number[];
  /** null: the cached content did not appear within CONTENT_TIMEOUT_MS. */
  contentMs: (number | null)[];
  fcpMedianMs: number;
  holaMedianMs: number;
  /** Median of the visits where it appeared; NaN if it never did. */
  contentMedianMs: number;
  contentMissing: number;
  /** Requests that reached for the network (failed offline), the page's or the worker's own. */
  networkRequests: string[];
}

export interface OfflineReport {
  installabilityErrors: string[];
  rates: OfflineRate[];
  /** What "the route's cached content" is (a selector outside the static shell). */
  contentSelector?: string;
  error?: string;
}

const CONTENT_TIMEOUT_MS = 20_000;
/** After the content, how long the visit keeps listening for requests made at idle time. */
const LATE_REQUESTS_MS = 3_000;

export async function warmUp(context: BrowserContext, baseUrl: string, ssoToken: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/sso/${ssoToken}`);
  await page.waitForURL(/\/home$/, { timeout: 60_000 });
  await page.getByText(/Hola, \S/).first().waitFor({ timeout: 60_000 });
  // The worker precaches on install; `ready` resolves once it is active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // First visit is not controlled yet: a reload puts the page under the worker, and lets
  // the screen revalidate into Dexie as a returning agent's would be.
  await page.reload();
  await page.locator(CONTENT_SELECTOR).first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForLoadState('networkidle');
  return page;
}

async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
  };
  await cdp.detach();
  return installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '));
}

/** Every request that left for the network, the page's or the service worker's own (Playwright reports both). */
export function watchNetwork(context: BrowserContext): { lines: string[]; stop: () => void } {
  const lines: string[] = [];
  const who = (request: Request) => (request.serviceWorker() ? 'service worker, ' : '');
  const http = (url: string) => url.startsWith('http');
  const onFailed = (request: Request) => {
    if (http(request.url())) lines.push(`${request.method()} ${new URL(request.url()).pathname} (${who(request)}sin red)`);
  };
  const onResponse = (response: Response) => {
    if (http(response.url()) && !response.fromServiceWorker()) {
      lines.push(`${response.request().method()} ${new URL(response.url()).pathname} (${who(response.request())}${response.status()})`);
    }
  };
  context.on('requestfailed', onFailed);
  context.on('response', onResponse);
  return {
    lines,
    stop: () => {
      context.off('requestfailed', onFailed);
      context.off('response', onResponse);
    },
  };
}

async function offlineVisit(context: BrowserContext, baseUrl: string, cpuSlowdown: number) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const network = watchNetwork(context);
  try {
    await page.addInitScript(PAINT_PROBE);
    await page.goto(`${baseUrl}/home`);
    await page.waitForFunction(() => (window as unknown as { __marks: PaintMarks }).__marks.hola !== undefined, null, { timeout: 60_000 });
    const appeared = await page
      .waitForFunction(() => (window as unknown as { __marks: PaintMarks }).__marks.content !== undefined, null, { timeout: CONTENT_TIMEOUT_MS })
      .then(() => true)
      .catch(() => false);
    await page.waitForTimeout(LATE_REQUESTS_MS);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      marks: (window as unknown as { __marks: PaintMarks }).__marks,
    }));
    // Nothing is on screen before the first contentful paint, whatever the DOM held.
    const painted = (at: number | undefined) => (at === undefined ? null : Math.round(Math.max(timing.fcp, at)));
    return {
      fcpMs: Math.round(timing.fcp),
      holaMs: painted(timing.marks.hola)!,
      contentMs: appeared ? painted(timing.marks.content) : null,
      network: network.lines,
    };
  } finally {
    network.stop();
    await cdp.detach();
    await page.close();
  }
}

export async function runOffline(options: { baseUrl: string; ssoToken: string; runs: number; log: (line: string) => void }): Promise<OfflineReport> {
  assertChromium();
  // A persistent profile: Chromium reports an incognito context as not installable.
  const profile = mkdtempSync(join(tmpdir(), 'impecable-bench-offline-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    viewport: { width: 412, height: 823 },
  });
  try {
    const warm = await warmUp(context, options.baseUrl, options.ssoToken);
    const errors = await installabilityErrors(warm);
    options.log(`instalabilidad: ${errors.length === 0 ? 'sin errores' : errors.join('; ')}`);
    await warm.close();
    await context.setOffline(true);
    // Every visit opens a new document: as on a device, it knows it is offline (tests/e2e/device.ts).
    await documentsOpenOffline(context);
    const rates: OfflineRate[] = [];
    const samples = new Map(
      [1, 4].map((rate) => [rate, { fcp: [] as number[], hola: [] as number[], content: [] as (number | null)[], network: new Set<string>() }]),
    );
    // Interleaved, so both slowdowns see the same machine noise.
    for (let i = 0; i < options.runs; i++) {
      for (const [rate, sample] of samples) {
        const visit = await offlineVisit(context, options.baseUrl, rate);
        sample.fcp.push(visit.fcpMs);
        sample.hola.push(visit.holaMs);
        sample.content.push(visit.contentMs);
        visit.network.forEach((line) => sample.network.add(line));
        options.log(
          `sin red ×${rate} #${i + 1}: FCP ${visit.fcpMs} ms, "Hola" ${visit.holaMs} ms, contenido ${visit.contentMs ?? 'no apareció'} ms, red ${visit.network.length}`,
        );
      }
    }
    for (const [rate, sample] of samples) {
      const appeared = sample.content.filter((ms): ms is number => ms !== null);
      rates.push({
        cpuSlowdown: rate,
        fcpMs: sample.fcp,
        holaMs: sample.hola,
        contentMs: sample.content,
        fcpMedianMs: median(sample.fcp),
        holaMedianMs: median(sample.hola),
        contentMedianMs: median(appeared),
        contentMissing: sample.content.length - appeared.length,
        networkRequests: [...sample.network],
      });
    }
    return { installabilityErrors: errors, rates, contentSelector: CONTENT_SELECTOR };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
