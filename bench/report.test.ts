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

const quiet = [{ step: 'lighthouse', start: [1.2, 1, 0.9], end: [1.4, 1.1, 0.9], seconds: 80 }];
const baseline = () => route('/bench-baseline.html', { baseline: true, lcpRatio: undefined });
const reference = (overrides: Partial<LighthouseRoute> = {}) =>
  route('/bench-reference/index.html', { reference: true, performanceMedian: 96, tbtMedianMs: 200, lcpRatio: 1.4, jsGzip: 89_600, ...overrides });

describe('Lighthouse checks', () => {
  it("hold a route to issue 16's budgets on a quiet machine: median and every run, CLS, LCP ratio, accessibility", () => {
    const checks = buildChecks(
      results({
        load: quiet,
        lighthouse: [
          baseline(),
          reference(),
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
    // The two yardsticks are not routes under budget.
    expect(checks.some((c) => c.name.startsWith('/bench-baseline.html') || c.name.startsWith('/bench-reference'))).toBe(false);
  });

  it('report the absolute score without a verdict when the machine was busy (or its load unknown), and say so', () => {
    const lighthouse = [baseline(), reference(), route('/home', { performanceMedian: 94, performanceMin: 70, performanceVsReference: -2, tbtRatio: 1.2, tbtMedianMs: 240 })];
    const busy = buildChecks(results({ load: [{ step: 'lighthouse', start: [1.5, 2, 2], end: [3, 2, 2], seconds: 80 }], lighthouse }));
    expect(busy.find((c) => c.name === '/home: rendimiento')).toMatchObject({ ok: null, value: expect.stringContaining('máquina ocupada: carga 1.50 al empezar') });
    // The comparisons with the reference are judged whatever the load.
    expect(verdict(busy, '/home: rendimiento frente a la referencia')).toBe(true);
    expect(verdict(busy, '/home: TBT / referencia')).toBe(true);
    expect(verdict(buildChecks(results({ lighthouse })), '/home: rendimiento')).toBeNull();
    expect(verdict(buildChecks(results({ load: quiet, lighthouse })), '/home: rendimiento')).toBe(false);
  });

  it('fail a route more than 3 points below the reference page or with more than 1.5× its TBT', () => {
    const checks = buildChecks(
      results({
        load: quiet,
        lighthouse: [
          baseline(),
          reference(),
          route('/login', { performanceMedian: 93, performanceVsReference: -3, tbtMedianMs: 300, tbtRatio: 1.5 }),
          route('/home', { performanceMedian: 92, performanceVsReference: -4, tbtMedianMs: 301, tbtRatio: 1.51 }),
        ],
      }),
    );
    expect([verdict(checks, '/login: rendimiento frente a la referencia'), verdict(checks, '/login: TBT / referencia')]).toEqual([true, true]);
    expect([verdict(checks, '/home: rendimiento frente a la referencia'), verdict(checks, '/home: TBT / referencia')]).toEqual([false, false]);
    expect(checks.find((c) => c.name === '/home: rendimiento frente a la referencia')?.value).toBe('−4 (92 frente a 96)');
    expect(checks.find((c) => c.name === '/home: TBT / referencia')?.value).toBe('1.51 (301 ms frente a 200 ms)');
  });

  it('fail the comparisons when the reference page was not measured, and leave them unjudged in a report from before it', () => {
    const failed = reference({ runs: [], error: 'no se pudo construir: x' });
    const without = buildChecks(results({ load: quiet, lighthouse: [baseline(), failed, route('/home')] }));
    expect(without.find((c) => c.name === '/home: TBT / referencia')).toMatchObject({ ok: false, value: 'referencia sin medir (no se pudo construir: x)' });
    expect(verdict(without, '/home: rendimiento frente a la referencia')).toBe(false);
    const old = buildChecks(results({ load: quiet, lighthouse: [baseline(), route('/home')] }));
    expect(old.find((c) => c.name === '/home: TBT / referencia')).toMatchObject({ ok: null, value: 'sin referencia' });
  });

  it('prints one compact row per page, the baseline and reference rows first, with the ratios marked', () => {
    const lighthouse = [baseline(), reference(), route('/home', { lcpRatio: 1.5, performanceVsReference: 1, tbtRatio: 2.5, tbtMedianMs: 500 })];
    const partial = results({ lighthouse, load: quiet });
    const markdown = toMarkdown({ ...partial, checks: buildChecks(partial) });
    expect(markdown).toContain('| lighthouse | 1.20 / 1.00 / 0.90 | 1.40 / 1.10 / 0.90 | 80 s |');
    expect(markdown).toContain('| página base (/bench-baseline.html) | 97; 95 | — | 900 ms | 1000 ms | 20 ms | — |');
    expect(markdown).toContain('| página de referencia (/bench-reference/index.html, 87.5 KB de JS gzip) | 96; 95 | 0 | 900 ms | 1000 ms | 200 ms | 1 | 0.01; 0.01 | 1.40 | 100 |');
    expect(markdown).toMatch(/\| \/home \| 97; 95 ✅ \| \+1 ✅ \| 900 ms \| 1000 ms \| 500 ms \| 2\.50 ❌ \| 0\.01; 0\.01 ✅ \| 1\.50 ❌ \| 100 ✅ \|/);
    expect(markdown).toMatch(/\*\*\/home: TBT \/ referencia\*\*: El TBT de la ruta supera 1,5×/);
    expect(markdown).toMatch(/\*\*\/home: LCP \/ página base\*\*/);
    expect(markdown).toContain('esta vez 1.20');
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
