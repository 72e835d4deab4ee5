// Bundle budgets: what each route really downloads, walked from Vite's manifest
// (build.manifest), not the sum of all files. A route loads the entry's static import
// closure (with the router) and its screen's closure, from the route table (src/app/routes.ts);
// signed-in routes also the guard and the layout (SIGNED_IN_FILES); every route also runs
// index.html's inline script and style (the first paint).
// Sizes are gzip -9 of the built files. Reads the build only; never writes to it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_FILES, ROUTES, SIGNED_IN_FILES } from '#app/routes.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  route: string;
  jsGzip: number;
  cssGzip: number;
  files: number;
  /** The route's five heaviest files (JS and CSS), gzip bytes. */
  heaviest: { file: string; gzip: number }[];
}

export interface BundleReport {
  entry: RouteBundle;
  routes: RouteBundle[];
  /** index.html's inline <script> and <style>, counted in every route. */
  inline: { jsGzip: number; cssGzip: number };
  allCssGzip: number;
  video: { chunk: string | null; jsGzip: number; lazy: boolean; staticallyLoadedBy: string[] };
  /** Routes whose JS before first paint carries zod (the contract's schemas load with an answer). */
  validation: { staticallyLoadedBy: string[] };
}

/** Lazy chunks every signed-in screen loads with it (the first paint preloads the same). */
const SIGNED_IN_SHELL = SIGNED_IN_FILES.map((file) => `src/${file}`);
/** Lazy chunks every screen loads with it: the router. */
const APP_SHELL = APP_FILES.map((file) => `src/${file}`);
const VIDEO_JS = /^node_modules\/video\.js\/dist\/video(\.es)?\.js$/;
const INLINE_LABEL = 'index.html (en línea)';
/** A name every zod build keeps as text (its classes' `$constructor` names). */
export const ZOD_MARK = '$ZodType';
/**
 * /logout sends the outbox at once (the drain checks each answer against the contract), so it
 * needs the schemas immediately: loading them later would only add a step to signing out.
 */
const NEEDS_SCHEMAS_AT_ONCE = new Set(['/logout']);

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
  // One label per screen: a public route by its path, a signed-in one by its feature ('home/home').
  const routes: Record<string, string[]> = {};
  const measured = new Set<string>();
  for (const route of ROUTES) {
    const key = `src/${route.screen}`;
    const label = route.signedIn ? key.replace(/^src\/features\/(.+)\/routes\/(.+)-route\.tsx$/, '$1/$2') : route.path;
    if (measured.has(key)) continue;
    measured.add(key);
    routes[label] = [entryKey, ...APP_SHELL, ...(route.signedIn ? SIGNED_IN_SHELL : []), key];
  }
  // A chunk that is not in the manifest would be counted as 0 bytes: say so instead.
  const missing = [...new Set(Object.values(routes).flat())].filter((key) => !manifest[key]);
  if (missing.length) throw new Error(`El manifiesto no tiene ${missing.join(', ')}: ya no son chunks perezosos (src/app/routes.ts)`);
  return { entryKey, routes };
}

/** The inline <script> (no src) and <style> text of the built index.html. */
export function inlineParts(html: string): { js: string; css: string } {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc\s*=/.test(m[1]!)).map((m) => m[2]!);
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!);
  return { js: scripts.join('\n').trim(), css: styles.join('\n').trim() };
}

const gzipLength = (bytes: Buffer | string) => (bytes.length === 0 ? 0 : gzipSync(bytes, { level: 9 }).length);

export function measureBundle(distDir: string): BundleReport {
  const manifest = readManifest(distDir);
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const inlineText = inlineParts(html);
  const inline = { jsGzip: gzipLength(inlineText.js), cssGzip: gzipLength(inlineText.css) };
  const sizes = new Map<string, number>();
  const gzip = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipLength(readFileSync(join(distDir, file))));
    return sizes.get(file)!;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzip(file), 0);
  const measure = (route: string, keys: string[]): RouteBundle => {
    const { js, css } = closure(manifest, keys);
    const heaviest = [...js, ...css]
      .map((file) => ({ file, gzip: gzip(file) }))
      .concat(inline.jsGzip + inline.cssGzip > 0 ? [{ file: INLINE_LABEL, gzip: inline.jsGzip + inline.cssGzip }] : [])
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5);
    return { route, jsGzip: sum(js) + inline.jsGzip, cssGzip: sum(css) + inline.cssGzip, files: js.size, heaviest };
  };

  const { entryKey, routes } = routeTable(manifest);
  const perRoute = Object.entries(routes).map(([route, keys]) => measure(route, keys));
  const zodFiles = new Map<string, boolean>();
  const carriesZod = (file: string) => {
    if (!zodFiles.has(file)) zodFiles.set(file, readFileSync(join(distDir, file), 'utf8').includes(ZOD_MARK));
    return zodFiles.get(file)!;
  };
  const zodRoutes = Object.entries(routes)
    .filter(([route, keys]) => !NEEDS_SCHEMAS_AT_ONCE.has(route) && [...closure(manifest, keys).js].some(carriesZod))
    .map(([route]) => route);
  if (inlineText.js.includes(ZOD_MARK)) zodRoutes.push('index.html');
  const videoKey = Object.keys(manifest).find((key) => VIDEO_JS.test(key));
  const videoFile = videoKey ? manifest[videoKey]!.file : null;
  const staticallyLoadedBy = videoFile
    ? Object.entries(routes)
        .filter(([, keys]) => closure(manifest, keys).js.has(videoFile))
        .map(([route]) => route)
    : [];
  // A modulepreload (or any reference) in index.html would fetch it on every visit.
  if (videoFile && html.includes(videoFile)) staticallyLoadedBy.push('index.html');
  const cssFiles = readdirSync(join(distDir, 'assets'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => `assets/${file}`);
  return {
    entry: measure('(entrada)', [entryKey]),
    routes: perRoute,
    inline,
    allCssGzip: sum(cssFiles),
    video: {
      chunk: videoFile,
      jsGzip: videoFile ? gzip(videoFile) : 0,
      lazy: Boolean(videoKey && manifest[videoKey]!.isDynamicEntry) && staticallyLoadedBy.length === 0,
      staticallyLoadedBy,
    },
    validation: { staticallyLoadedBy: zodRoutes },
  };
}
