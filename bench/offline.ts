// Repeat visit with the network off, and installability, in Debian's Chromium through
// Playwright. One warm-up visit online signs in (SSO link) and lets the service worker
// install and precache; then the context goes offline and /home opens again N times per CPU
// slowdown (CDP Emulation.setCPUThrottlingRate), timing first contentful paint and the
// header's "Hola, {nick}" from navigation start, and recording every request that the
// service worker did not answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, assertChromium } from './lib/chromium.ts';
import { median } from './lib/stats.ts';

export interface OfflineRate {
  cpuSlowdown: number;
  fcpMs: number[];
  holaMs: number[];
  fcpMedianMs: number;
  holaMedianMs: number;
  /** Requests that reached for the network (failed offline), e.g. background revalidation. */
  networkRequests: string[];
}

export interface OfflineReport {
  installabilityErrors: string[];
  rates: OfflineRate[];
  error?: string;
}

const HOLA_PROBE = `
  (() => {
    const record = () => {
      if (window.__holaAt === undefined && document.body && /Hola, \\S/.test(document.body.innerText)) {
        window.__holaAt = performance.now();
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  })();
`;

async function warmUp(context: BrowserContext, baseUrl: string, ssoToken: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/sso/${ssoToken}`);
  await page.waitForURL(/\/home$/, { timeout: 60_000 });
  await page.getByText(/Hola, \S/).first().waitFor({ timeout: 60_000 });
  // The worker precaches on install; `ready` resolves once it is active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // First visit is not controlled yet: a reload puts the page under the worker, and lets
  // the screen revalidate into Dexie as a returning agent's would be.
  await page.reload();
  await page.getByText(/Hola, \S/).first().waitFor({ timeout: 60_000 });
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

async function offlineVisit(context: BrowserContext, baseUrl: string, cpuSlowdown: number) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const network: string[] = [];
  page.on('requestfailed', (request) => network.push(`${request.method()} ${new URL(request.url()).pathname} (sin red)`));
  page.on('response', (response) => {
    if (!response.fromServiceWorker() && !response.url().startsWith('data:')) {
      network.push(`${response.request().method()} ${new URL(response.url()).pathname} (${response.status()})`);
    }
  });
  await page.addInitScript(HOLA_PROBE);
  await page.goto(`${baseUrl}/home`);
  await page.waitForFunction(() => (window as unknown as { __holaAt?: number }).__holaAt !== undefined, null, { timeout: 60_000 });
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    hola: (window as unknown as { __holaAt: number }).__holaAt,
  }));
  await cdp.detach();
  await page.close();
  return { fcpMs: Math.round(timing.fcp), holaMs: Math.round(timing.hola), network };
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
    const rates: OfflineRate[] = [];
    const samples = new Map([1, 4].map((rate) => [rate, { fcp: [] as number[], hola: [] as number[], network: new Set<string>() }]));
    // Interleaved, so both slowdowns see the same machine noise.
    for (let i = 0; i < options.runs; i++) {
      for (const [rate, sample] of samples) {
        const visit = await offlineVisit(context, options.baseUrl, rate);
        sample.fcp.push(visit.fcpMs);
        sample.hola.push(visit.holaMs);
        visit.network.forEach((line) => sample.network.add(line));
        options.log(`sin red ×${rate} #${i + 1}: FCP ${visit.fcpMs} ms, "Hola" ${visit.holaMs} ms, red ${visit.network.length}`);
      }
    }
    for (const [rate, sample] of samples) {
      rates.push({
        cpuSlowdown: rate,
        fcpMs: sample.fcp,
        holaMs: sample.hola,
        fcpMedianMs: median(sample.fcp),
        holaMedianMs: median(sample.hola),
        networkRequests: [...sample.network],
      });
    }
    return { installabilityErrors: errors, rates };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
