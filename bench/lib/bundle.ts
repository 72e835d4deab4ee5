// Bundle budgets: what each route really downloads, walked from Vite's manifest
// (build.manifest), not the sum of all files. A route loads the entry's static import
// closure and its lazy route chunk's closure; signed-in routes also the guard and the
// layout chunks. Sizes are gzip -9 of the built files.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  route: string;
  jsGzip: number;
  cssGzip: number;
  files: number;
}

export interface BundleReport {
  entry: RouteBundle;
  routes: RouteBundle[];
  allCssGzip: number;
  video: { chunk: string | null; jsGzip: number; lazy: boolean; staticallyLoadedBy: string[] };
}

const AUTH_ROUTES: Record<string, string> = {
  '/login': 'src/features/auth/routes/login-route.tsx',
  '/sso/:token': 'src/features/auth/routes/sso-route.tsx',
  '/logout': 'src/features/auth/routes/logout-route.tsx',
};
const SIGNED_IN_SHELL = ['src/app/guards.tsx', 'src/app/layouts/signed-in-layout.tsx'];
const VIDEO_JS = /^node_modules\/video\.js\/dist\/video(\.es)?\.js$/;

/** Reads the manifest a build wrote (vite.config.ts sets build.manifest). */
export function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`Falta ${path}: construye con build.manifest (vite.config.ts).`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function closure(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return { js, css };
}

/** Route label → manifest keys it loads, found from the manifest's lazy route chunks. */
export function routeTable(manifest: Manifest): { entryKey: string; routes: Record<string, string[]> } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('El manifiesto no tiene entrada');
  const routes: Record<string, string[]> = {};
  for (const [name, source] of Object.entries(AUTH_ROUTES)) routes[name] = [entryKey, source];
  const authSources = new Set(Object.values(AUTH_ROUTES));
  for (const key of Object.keys(manifest)) {
    const match = /^src\/features\/(.+)\/routes\/(.+)-route\.tsx$/.exec(key);
    if (match && !authSources.has(key)) routes[`${match[1]}/${match[2]}`] = [entryKey, ...SIGNED_IN_SHELL, key];
  }
  return { entryKey, routes };
}

export function measureBundle(distDir: string): BundleReport {
  const manifest = readManifest(distDir);
  const sizes = new Map<string, number>();
  const gzip = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
    return sizes.get(file)!;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzip(file), 0);
  const measure = (route: string, keys: string[]): RouteBundle => {
    const { js, css } = closure(manifest, keys);
    return { route, jsGzip: sum(js), cssGzip: sum(css), files: js.size };
  };

  const { entryKey, routes } = routeTable(manifest);
  const perRoute = Object.entries(routes).map(([route, keys]) => measure(route, keys));
  const videoKey = Object.keys(manifest).find((key) => VIDEO_JS.test(key));
  const videoFile = videoKey ? manifest[videoKey]!.file : null;
  const staticallyLoadedBy = videoFile
    ? Object.entries(routes)
        .filter(([, keys]) => closure(manifest, keys).js.has(videoFile))
        .map(([route]) => route)
    : [];
  const cssFiles = readdirSync(join(distDir, 'assets'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => `assets/${file}`);
  return {
    entry: measure('(entrada)', [entryKey]),
    routes: perRoute,
    allCssGzip: sum(cssFiles),
    video: {
      chunk: videoFile,
      jsGzip: videoFile ? gzip(videoFile) : 0,
      lazy: Boolean(videoKey && manifest[videoKey]!.isDynamicEntry) && staticallyLoadedBy.length === 0,
      staticallyLoadedBy,
    },
  };
}
