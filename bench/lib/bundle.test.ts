import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { measureBundle, ZOD_MARK } from './bundle.ts';
import { BUDGETS, BUNDLE_CEILINGS_KB, bundleVerdicts } from './budgets.ts';
import { APP_FILES, ROUTES as APP_ROUTES, SIGNED_IN_FILES } from '#app/routes.ts';

// A fake build: random bytes do not compress, so a file of N KB weighs ~N KB gzipped and the
// sums below are known in advance (give or take gzip's few bytes of framing per file).
const KB = 1024;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface FakeChunk {
  key: string;
  kb: number;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  cssKb?: number;
  /** The chunk holds zod. */
  zod?: boolean;
}

function fakeBuild(chunks: FakeChunk[], html = '<!doctype html><div id="root"></div>'): string {
  const dist = mkdtempSync(join(tmpdir(), 'impecable-bundle-test-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  const manifest: Record<string, unknown> = {};
  for (const chunk of chunks) {
    const name = chunk.key.replace(/\W+/g, '-');
    const file = `assets/${name}.js`;
    writeFileSync(join(dist, file), Buffer.concat([randomBytes(chunk.kb * KB), Buffer.from(chunk.zod ? ZOD_MARK : '')]));
    const css = chunk.cssKb ? [`assets/${name}.css`] : undefined;
    if (css) writeFileSync(join(dist, css[0]!), randomBytes(chunk.cssKb! * KB));
    const { key, kb, cssKb, zod, ...rest } = chunk;
    void kb;
    void cssKb;
    void zod;
    manifest[key] = { file, ...rest, ...(css ? { css } : {}) };
  }
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, 'index.html'), html);
  return dist;
}

const ROUTES = [
  'src/features/auth/routes/login-route.tsx',
  'src/features/auth/routes/sso-route.tsx',
  'src/features/auth/routes/logout-route.tsx',
  'src/features/home/routes/home-route.tsx',
];
/** The route table's other screens, 1 KB each. */
const OTHER_SCREENS = [...new Set(APP_ROUTES.map((route) => `src/${route.screen}`))].filter((key) => !ROUTES.includes(key));
const VIDEO = 'node_modules/video.js/dist/video.es.js';
// What every signed-in screen loads first: the guard 5 KB and the layout 30 KB (+ shared).
const SIGNED_IN_KEYS = SIGNED_IN_FILES.map((file) => `src/${file}`);
// Every route loads the router and React DOM, 3 KB together.
const APP_KEYS = APP_FILES.map((file) => `src/${file}`);
const APP_KB = 3;
const signedInKb = (key: string) => (key.endsWith('guards.tsx') ? 5 : 30);
const SIGNED_IN_KB = SIGNED_IN_KEYS.reduce((total, key) => total + signedInKb(key), 0);

/** Entry 60 KB (+ 10 KB shared), login 20 KB, the signed-in modules, home 40 + video lazily. */
function appBuild(overrides: { loginKb?: number; html?: string; homeImportsVideo?: boolean; sharedHasZod?: boolean } = {}): string {
  return fakeBuild(
    [
      { key: 'index.html', kb: 60, isEntry: true, imports: ['_shared.js'], dynamicImports: [...ROUTES, ...SIGNED_IN_KEYS], cssKb: 8 },
      { key: '_shared.js', kb: 10, zod: overrides.sharedHasZod },
      { key: '_schemas.js', kb: 8, zod: true },
      { key: ROUTES[0]!, kb: overrides.loginKb ?? 20, isDynamicEntry: true, imports: ['_shared.js'] },
      { key: ROUTES[1]!, kb: 5, isDynamicEntry: true },
      { key: ROUTES[2]!, kb: 5, isDynamicEntry: true },
      ...OTHER_SCREENS.map((key) => ({ key, kb: 1, isDynamicEntry: true })),
      ...APP_KEYS.map((key) => ({ key, kb: APP_KB / APP_KEYS.length, isDynamicEntry: true, imports: ['_shared.js'] })),
      ...SIGNED_IN_KEYS.map((key) => ({ key, kb: signedInKb(key), isDynamicEntry: true, imports: ['_shared.js'], ...(key.includes('layout') ? { cssKb: 4 } : {}) })),
      {
        key: ROUTES[3]!,
        kb: 40,
        isDynamicEntry: true,
        ...(overrides.homeImportsVideo ? { imports: [VIDEO], dynamicImports: ['_schemas.js'] } : { dynamicImports: [VIDEO, '_schemas.js'] }),
      },
      { key: VIDEO, kb: 150, isDynamicEntry: true },
    ],
    overrides.html,
  );
}

const kbOf = (bytes: number) => Math.round(bytes / KB);

describe('measureBundle', () => {
  it('counts each route as entry + its closure, shared chunks once, lazy imports not at all', () => {
    const report = measureBundle(appBuild());
    const byRoute = Object.fromEntries(report.routes.map((r) => [r.route, r]));
    expect(kbOf(byRoute['/login']!.jsGzip)).toBe(60 + 10 + APP_KB + 20);
    expect(kbOf(byRoute['/sso/:token']!.jsGzip)).toBe(60 + 10 + APP_KB + 5);
    // Signed-in: entry + shared + guard + layout + home; video.js is a dynamic import.
    expect(kbOf(byRoute['home/home']!.jsGzip)).toBe(60 + 10 + APP_KB + SIGNED_IN_KB + 40);
    expect(kbOf(byRoute['home/home']!.cssGzip)).toBe(8 + 4);
    expect(kbOf(byRoute['/login']!.cssGzip)).toBe(8);
    expect(report.video.lazy).toBe(true);
  });

  it("adds index.html's inline script and style to every route", () => {
    const html = `<!doctype html><style>${'x'.repeat(50)}</style><script>${randomBytes(3 * KB).toString('base64')}</script><script type="module" src="/assets/x.js"></script>`;
    const report = measureBundle(appBuild({ html }));
    expect(report.inline.jsGzip).toBeGreaterThan(3 * KB);
    const login = report.routes.find((r) => r.route === '/login')!;
    expect(login.jsGzip).toBeGreaterThan((60 + 10 + APP_KB + 20 + 3) * KB);
  });

  it('says video.js is not lazy when a route imports it statically or index.html preloads it', () => {
    expect(measureBundle(appBuild({ homeImportsVideo: true })).video).toMatchObject({ lazy: false, staticallyLoadedBy: ['home/home'] });
    const preloaded = measureBundle(appBuild({ html: '<link rel="modulepreload" href="/assets/node_modules-video-js-dist-video-es-js.js">' }));
    expect(preloaded.video).toMatchObject({ lazy: false, staticallyLoadedBy: ['index.html'] });
  });

  it('says which routes carry zod before their first paint; a dynamic import of the schemas is not counted', () => {
    expect(measureBundle(appBuild()).validation.staticallyLoadedBy).toEqual([]);
    const routes = measureBundle(appBuild({ sharedHasZod: true })).validation.staticallyLoadedBy;
    // _shared.js is in the entry's closure: every route carries it.
    expect(routes).toContain('/login');
    expect(routes).toContain('home/home');
  });

  it('refuses to measure when the router, guard or layout is no longer a chunk (it would count 0 bytes)', () => {
    const dist = fakeBuild([{ key: 'index.html', kb: 1, isEntry: true }, ...[...ROUTES, ...OTHER_SCREENS].map((key) => ({ key, kb: 1, isDynamicEntry: true }))]);
    expect(() => measureBundle(dist)).toThrow(`El manifiesto no tiene ${[...APP_KEYS, ...SIGNED_IN_KEYS].join(', ')}:`);
  });
});

describe('bundle budgets', () => {
  it("are issue 16's numbers (loosening one is a product decision, not a fix)", () => {
    expect(BUDGETS.bundle).toEqual({ loginJsKb: 110, routeJsKb: 200, routeCssKb: 30 });
  });

  it('passes a build within budget and fails the route that exceeds it', () => {
    expect(bundleVerdicts(measureBundle(appBuild())).every((v) => v.ok)).toBe(true);
    // /login: 60 + 10 + APP_KB + 45 = 118 KB > 110 KB; the other routes are unchanged.
    const verdicts = bundleVerdicts(measureBundle(appBuild({ loginKb: 45 })));
    expect(verdicts.filter((v) => !v.ok).map((v) => v.route)).toEqual(['/login']);
  });

  it('fails every route against a too-small budget', () => {
    const verdicts = bundleVerdicts(measureBundle(appBuild()), { loginJsKb: 50, routeJsKb: 50, routeCssKb: 30 });
    expect(verdicts.every((v) => !v.ok)).toBe(true);
  });

  it('holds a route listed in the ceilings to its ceiling, never to more', () => {
    // /login at 118 KB is over the 110 KB target, under a 120 KB ceiling, over a 112 KB one.
    const report = measureBundle(appBuild({ loginKb: 45 }));
    expect(bundleVerdicts(report, BUDGETS.bundle, { '/login': 120 }).every((v) => v.ok)).toBe(true);
    expect(bundleVerdicts(report, BUDGETS.bundle, { '/login': 112 }).filter((v) => !v.ok).map((v) => v.route)).toEqual(['/login']);
    // A ceiling below the target does not tighten it.
    expect(bundleVerdicts(measureBundle(appBuild()), BUDGETS.bundle, { '/login': 10 }).every((v) => v.ok)).toBe(true);
  });

  it('scripts/check-bundle.ts exits 1 naming the route and its size', () => {
    const run = (dist: string) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-bundle.ts', dist], { encoding: 'utf8' });
    const within = run(appBuild());
    expect(within.status, within.stderr).toBe(0);
    // Over /login's ceiling: 60 + 10 + APP_KB + 70 KB.
    const ceiling = BUNDLE_CEILINGS_KB['/login'] ?? BUDGETS.bundle.loginJsKb;
    expect(ceiling).toBeLessThan(143);
    const over = run(appBuild({ loginKb: 70 }));
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(/bundle budget exceeded \(1\)/);
    expect(over.stderr).toMatch(new RegExp(`/login: JS 143\\.\\d KB > ${ceiling}\\.0 KB`));
    const zod = run(appBuild({ sharedHasZod: true }));
    expect(zod.status).toBe(1);
    expect(zod.stderr).toMatch(/zod is on the boot path: \/login, /);
  });
});
