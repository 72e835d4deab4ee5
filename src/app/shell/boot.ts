// The page's first paint, before any of the app's JavaScript runs: index.html's inline script
// (the build bundles this file and its imports into it: scripts/vite/app-shell.ts) picks the
// frame of the route the router will show, with the app's own rules (the route table, the guard,
// the banner), fills the header from the stored session and hint, and asks for the route's files
// once that frame is on screen. It only reads localStorage and shows; when unsure it shows less,
// never a wrong name. React removes the frame when its first screen commits (shell.ts).
import { attributeArt, attributeIdFromSlug } from '#domain/attributes';
import { guardRedirect, navigationBanner, signedInLoginRedirect } from '#domain/navigation';
import { isAgentProfile } from '#domain/profiles';
import { matchPattern, normalizePath, paths, signInPage } from '#domain/paths';
import { readShellHint, readStoredSession, type ShellHint } from '#offline/stored-session';
import { SERVED_ART_FILE_META, SERVED_ART_META } from '#contract/common-constants';
import type { SessionUser } from '#contract/session';
import { ROUTES, type AppRoute } from '#app/routes.ts';

/** What the build writes into the page: each route's own files, and those of every signed-in screen. */
export interface BootFiles {
  /** Built files ('/assets/home-route-x.js'). */
  files: string[];
  /** The router's (every route's). */
  app: number[];
  /** Each route's own (indexes into `files`), by the route table's `screen`. */
  screens: Record<string, number[]>;
  /** The guard's and the signed-in layout's files. */
  signedIn: number[];
}

/** The route `path` opens, with its parameters. */
export function findRoute(path: string): { route: AppRoute; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchPattern(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

/**
 * Where the router ends up for `pathname`: the guard's redirects, /login sending a signed-in user
 * on, and unknown paths going to /login. A few steps at most, as the router takes them.
 */
export function landing(pathname: string, user: SessionUser | null): string {
  let path = normalizePath(pathname);
  for (let step = 0; step < 4; step++) {
    const target = guardRedirect(path, user);
    if (target === 'logout') return paths.logout.path;
    if (target !== null) path = target;
    else if (user && signInPage(path)) path = signedInLoginRedirect(user);
    else if (path !== paths.root.path && !findRoute(path)) path = paths.login.path;
    else return path;
  }
  return path;
}

/** A hinted banner file: only the app's own art folder, so a tampered hint fetches nothing else. */
function artFile(value: unknown): string | null {
  return typeof value === 'string' && /^\/art\/[a-z0-9-]+\.svg$/.test(value) ? value : null;
}

type Art = { wide: string; compact: string };

/** Both files when both are the app's own; else null (the frame keeps its bone). */
function ownArt(wide: unknown, compact: unknown): Art | null {
  const w = artFile(wide);
  const c = artFile(compact);
  return w && c ? { wide: w, compact: c } : null;
}

/** The hint's banner art, when it is the app's own. */
export function hintedArt(hint: ShellHint | null): Art | null {
  return hint?.art ? ownArt(hint.art.wide, hint.art.compact) : null;
}

/** The first banner the server put in the page ("wide compact"), for a device with no hint yet. */
export function servedArt(doc: Document): Art | null {
  const parts = (doc.querySelector(`meta[name="${SERVED_ART_META}"]`)?.getAttribute('content') ?? '').split(' ');
  return ownArt(parts[0], parts[1]);
}

/** The file itself when the server put it in the page (a data: URL of its SVG), so painting it costs no request. */
export function servedFile(doc: Document, href: string): string {
  const src = doc.querySelector(`meta[name="${SERVED_ART_FILE_META}"][content="${href}"]`)?.getAttribute('data-src') ?? '';
  return src.startsWith('data:image/svg+xml,') ? src : href;
}

/** The dashboard's banner of the attribute the path names (a known slug only). */
export function dashboardArt(params: Record<string, string>): Art | null {
  const slug = params.atributo ?? '';
  if (attributeIdFromSlug(slug) === null) return null;
  const art = attributeArt(slug.toLowerCase());
  return { wide: art.hero, compact: art.heroCompact };
}

/** The route's title as the screen will show it, or '' when only the screen knows it. */
export function routeTitle(route: AppRoute, params: Record<string, string>, search: string): string {
  const { title } = route;
  return (typeof title === 'function' ? title(params, new URLSearchParams(search)) : title) ?? '';
}

/** Shows a banner where the frame has its bone (`as-art`, `as-hero`), from the same files the app uses. */
function paintArt(doc: Document, shell: HTMLElement, art: Art, id: string): void {
  const img = doc.getElementById(id);
  const source = doc.getElementById(`${id}-compact`);
  if (!img || !source) return;
  source.setAttribute('srcset', servedFile(doc, art.compact));
  img.setAttribute('src', servedFile(doc, art.wide));
  img.setAttribute('data-file', art.wide);
  source.setAttribute('data-file', art.compact);
  shell.setAttribute('data-art', '');
}

/** How long the route's files wait at most for the banner the frame paints. */
export const ART_WAIT_MS = 1000;

/**
 * Runs `run` once the frame is on screen: after the banner it paints has loaded (a small SVG, at
 * most ART_WAIT_MS), two animation frames later, so no file of the app's shares the network
 * with the first paint. A hidden page (no frames) starts at once.
 */
export function afterFirstPaint(win: Window, shell: HTMLElement, run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    if (win.document.visibilityState === 'hidden') run();
    else win.requestAnimationFrame(() => win.requestAnimationFrame(run));
  };
  const pending = [...shell.querySelectorAll<HTMLImageElement>('img[src]')].filter((img) => !img.complete);
  let left = pending.length;
  if (!left) return start();
  for (const img of pending) {
    const settle = () => {
      if (--left <= 0) start();
    };
    img.addEventListener('load', settle, { once: true });
    img.addEventListener('error', settle, { once: true });
  }
  win.setTimeout(start, ART_WAIT_MS);
}

/** Files asked for per task: starting a request costs the main thread, so no task asks for many. */
export const FILES_PER_TASK = 4;

/** Asks for the route's files, a few per task: modules to modulepreload, stylesheets to preload (the app applies them). */
function preload(win: Window, files: string[]): void {
  const doc = win.document;
  const left = [...new Set(files)];
  for (const href of left.splice(0, FILES_PER_TASK)) {
    const link = doc.createElement('link');
    link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
    if (link.rel === 'preload') link.as = 'style';
    // Same fetch mode as Vite's own links, so the browser reuses what this fetched.
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
  if (left.length) win.setTimeout(() => preload(win, left), 0);
}

/** Paints the frame for this page. Runs once, inline, right after the frame's markup. */
export function bootShell(win: Window, files: BootFiles): void {
  const doc = win.document;
  const shell = doc.getElementById('app-shell');
  if (!shell) return;
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
  } catch {
    // Storage blocked (privacy settings): painted as signed out, which the app then confirms.
  }
  const session = readStoredSession(storage);
  const user = session?.user ?? null;
  const path = landing(win.location.pathname, user);
  const found = findRoute(path);
  const route = found?.route ?? null;
  const params = found?.params ?? {};
  const frame = route?.frame ?? 'screen';
  const text = (id: string, value: string) => {
    const el = doc.getElementById(id);
    if (el) el.textContent = value;
  };
  if (frame === 'status') text('as-status', route?.title && typeof route.title === 'string' ? route.title : '');
  const signedIn = !!user && (frame === 'home' || frame === 'dashboard' || frame === 'screen');
  if (signedIn && user) {
    text('as-greeting', `Hola, ${user.nick_name || user.name}`);
    if (isAgentProfile(user.perfil)) {
      shell.setAttribute('data-agent', '');
      const hint = readShellHint(storage, user.id);
      if (hint?.amount) {
        text('as-amount', `${hint.amount} `);
        text('as-unit', hint.unit);
        shell.setAttribute('data-balance', '');
      }
      const art = frame === 'home' ? hintedArt(hint) ?? servedArt(doc) : null;
      if (art) paintArt(doc, shell, art, 'as-art');
    }
    const hero = frame === 'dashboard' ? dashboardArt(params) : null;
    if (hero) paintArt(doc, shell, hero, 'as-hero');
    const title = route ? routeTitle(route, params, win.location.search) : '';
    if (title) {
      text('as-title', title);
      shell.setAttribute('data-title', '');
    }
    const banner = navigationBanner(user, !!session?.originalUser, path);
    if (banner) {
      text('as-banner-nick', banner.nickName);
      shell.setAttribute('data-banner', '');
    }
    if (win.navigator.onLine === false) shell.setAttribute('data-offline', '');
  }
  shell.setAttribute('data-frame', frame);
  const wanted = [...files.app, ...(signedIn ? files.signedIn : []), ...(route ? files.screens[route.screen] ?? [] : [])];
  afterFirstPaint(win, shell, () => preload(win, wanted.map((index) => files.files[index]!)));
}
