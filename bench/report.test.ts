import { describe, expect, it } from 'vitest';
import type { LighthouseRoute } from './lighthouse.ts';
import type { OfflineRate } from './offline.ts';
import { buildChecks, carriedNote, toMarkdown, type BenchResults } from './report.ts';

const run = { performance: 97, accessibility: 100, fcpMs: 900, lcpMs: 1000, tbtMs: 20, cls: 0.01 };

function route(path: string, overrides: Partial<LighthouseRoute> = {}): LighthouseRoute {
  return {
    route: path,
    runs: [run, run, run],
    performanceMedian: 97,
    performanceMin: 95,
    accessibilityMedian: 100,
    fcpMedianMs: 900,
    lcpMedianMs: 1000,
    tbtMedianMs: 20,
    clsMedian: 0.01,
    clsMax: 0.01,
    lcpRatio: 1.25,
    failedAccessibilityAudits: [],
    ...overrides,
  };
}

function rate(cpuSlowdown: number, overrides: Partial<OfflineRate> = {}): OfflineRate {
  return {
    cpuSlowdown,
    fcpMs: [100, 100, 100],
    holaMs: [120, 120, 120],
    contentMs: [400, 400, 400],
    fcpMedianMs: 100,
    holaMedianMs: 120,
    contentMedianMs: 400,
    contentMissing: 0,
    networkRequests: [],
    ...overrides,
  };
}

const results = (partial: Partial<BenchResults>): Omit<BenchResults, 'checks'> => ({ startedAt: 't0', finishedAt: 't1', machine: {}, skipped: [], ...partial });
const verdict = (checks: ReturnType<typeof buildChecks>, name: string) => checks.find((c) => c.name === name)?.ok;

describe('Lighthouse checks', () => {
  it("hold a route to issue 16's budgets: median and every run, CLS, LCP ratio, accessibility", () => {
    const checks = buildChecks(
      results({
        lighthouse: [
          route('/bench-baseline.html', { baseline: true, lcpRatio: undefined }),
          route('/login'),
          route('/home', { performanceMin: 89, clsMedian: 0.03, lcpRatio: 1.31, accessibilityMedian: 96 }),
          route('/premios', { error: 'timeout' }),
        ],
      }),
    );
    expect(['rendimiento', 'CLS', 'LCP / página base', 'accesibilidad'].map((what) => verdict(checks, `/login: ${what}`))).toEqual([true, true, true, true]);
    expect(['rendimiento', 'CLS', 'LCP / página base', 'accesibilidad'].map((what) => verdict(checks, `/home: ${what}`))).toEqual([false, false, false, false]);
    // A failed run cannot prove it stayed above 90.
    expect(verdict(checks, '/premios: rendimiento')).toBe(false);
    // The baseline page is the yardstick, not a route under budget.
    expect(checks.some((c) => c.name.startsWith('/bench-baseline.html'))).toBe(false);
  });

  it('prints one compact row per route with the LCP ratio, and the baseline row', () => {
    const lighthouse = [route('/bench-baseline.html', { baseline: true, lcpRatio: undefined }), route('/home', { lcpRatio: 1.5 })];
    const partial = results({ lighthouse, load: [{ step: 'lighthouse', start: [1.2, 1, 0.9], end: [1.4, 1.1, 0.9], seconds: 80 }] });
    const markdown = toMarkdown({ ...partial, checks: buildChecks(partial) });
    expect(markdown).toContain('| lighthouse | 1.20 / 1.00 / 0.90 | 1.40 / 1.10 / 0.90 | 80 s |');
    expect(markdown).toContain('| página base (/bench-baseline.html) | 97; 95 |');
    expect(markdown).toMatch(/\| \/home \| 97; 95 ✅ \| 900 ms \| 1000 ms \| 20 ms \| 0\.01; 0\.01 ✅ \| 1\.50 ❌ \| 100 ✅ \|/);
    expect(markdown).toMatch(/\*\*\/home: LCP \/ página base\*\*/);
  });
});

describe('offline checks', () => {
  const offline = (rates: OfflineRate[]) => buildChecks(results({ offline: { installabilityErrors: [], rates } }));

  it('budget "Hola" and the cached content at CPU ×4 only, and fail on any network request', () => {
    const checks = offline([rate(1, { holaMedianMs: 900 }), rate(4, { networkRequests: ['GET /api/config (sin red)'] })]);
    expect(verdict(checks, 'Sin red, CPU ×1: "Hola, {nick}" pintado (mediana)')).toBeNull();
    expect(verdict(checks, 'Sin red, CPU ×4: "Hola, {nick}" pintado (mediana)')).toBe(true);
    const network = checks.find((c) => c.name.startsWith('Sin red: peticiones'))!;
    expect(network).toMatchObject({ ok: false, value: 'GET /api/config (sin red)' });
  });

  it('fail the content when it is late, or missing from any visit even with a good median', () => {
    const name = 'Sin red, CPU ×4: contenido cacheado de /home pintado (mediana)';
    expect(verdict(offline([rate(4, { contentMedianMs: 801 })]), name)).toBe(false);
    expect(verdict(offline([rate(4, { holaMedianMs: 301 })]), 'Sin red, CPU ×4: "Hola, {nick}" pintado (mediana)')).toBe(false);
    const missing = offline([rate(4, { contentMs: [400, null, 400], contentMissing: 1 })]).find((c) => c.name === name)!;
    expect(missing.ok).toBe(false);
    expect(missing.value).toContain('no apareció en 1 de 3');
  });

  it('report when the app itself painted the content, without a budget (the stored page may come first)', () => {
    const checks = offline([rate(4, { contentMedianMs: 500, appMs: [1200, 1300, 1250], appMedianMs: 1250 })]);
    expect(checks.find((c) => c.name === 'Sin red, CPU ×4: el mismo contenido pintado por la app (mediana)')).toMatchObject({ value: '1250 ms', ok: null });
    expect(verdict(checks, 'Sin red, CPU ×4: contenido cacheado de /home pintado (mediana)')).toBe(true);
  });
});

describe('issue 17 sections', () => {
  it('print the floor reconnect and the API rows with their verdicts, and name the misses in the closing note', () => {
    const pass = { seconds: 12, requests: 400, retried: 0, accepted: 4000, refused: 0, unfinished: 0, statuses: { 200: 4000 }, errors: [] };
    const partial = results({
      sync: [{ database: 'postgres', report: { agents: 200, actions: 4000, batch: 10, available: true, first: pass, again: pass }, mix: { logEvents: 2000, videoReports: 2000, videos: 200, quizAnswers: 0, participationIds: [] }, maxRssMb: 250 }],
      api: [
        {
          database: 'postgres',
          generate: { agents: 100_000, seconds: 60, rows: { users: 100_000 }, standingsSeconds: 20 },
          endpoints: [
            { name: 'Salud', kind: 'health', path: '/api/health', available: true, p50Ms: 2, p99Ms: 5, reqPerSec: 4000, completed: 40_000, errors: 0, non2xx: 0 },
            { name: 'Saldo', kind: 'balance', path: '/api/imps', available: true, p50Ms: 5, p99Ms: 12, reqPerSec: 3000, completed: 30_000, errors: 0, non2xx: 0 },
          ],
          idleRssMb: 120,
        },
      ],
    });
    const markdown = toMarkdown({ ...partial, checks: buildChecks(partial) });
    expect(markdown).toContain('## Piso que reconecta');
    expect(markdown).toMatch(/\| 200 agentes × 20 acciones a la vez por POST \/api\/sync, lotes de 10 \(postgres\) \| 12 s .* \| ≤ 10 s, todas aceptadas \| ❌ \|/);
    expect(markdown).toMatch(/\| Saldo \(postgres\) \| p50 5 ms, p99 12 ms, 3000 req\/s \(75 % de health\) \| p99 ≤ 20 ms, ≥ 50 % de health, 0 errores \| ✅ \|/);
    // Not checked against the database: cannot be called exact.
    expect(markdown).toContain('- **200 agentes × 20 acciones a la vez por POST /api/sync, lotes de 10 (postgres)**: 200 agentes reenvían');
    expect(markdown).toContain('- **Perdidas y duplicadas en la base tras las dos pasadas (postgres)**: Comparado con la base');
  });
});

describe('a partial run', () => {
  it('names when a carried-over section was measured, even through several partial runs', () => {
    const full = { startedAt: '2026-11-25T00:24:31.732Z', skipped: [] };
    const first = carriedNote(full, 'api');
    expect(first).toBe('api: cifras de la ejecución anterior (2026-11-25T00:24:31.732Z), no repetido en esta (--only)');
    const partial = { startedAt: '2026-11-25T03:24:46.131Z', skipped: ['outbox: falló (x)', first] };
    expect(carriedNote(partial, 'api')).toBe(first);
    expect(carriedNote(partial, 'outbox')).toContain('(2026-11-25T03:24:46.131Z)');
  });
});
