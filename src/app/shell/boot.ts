// The page's first paint, before any of the app's JavaScript runs: index.html's inline script
// (the build bundles this file and its imports into it: scripts/vite/app-shell.ts) picks the
// frame of the route the router will show, with the app's own rules (the route table, the guard,
// the banner), fills the header from the stored session and hint, and asks for the route's files
// once that frame is on screen. It only reads localStorage and shows; when unsure it shows less,
// never a wrong name. React removes the frame when its first screen commits (shell.ts).
import { attributeArt, attributeIdFromSlug } from '#domain/attributes';
import { guardRedirect, navigationBanner, signedInLoginRedirect } from '#domain/navigation';
import { isAgentProfile } from '#domain/profiles';
import { catalogueOpensOnPrizes } from '#domain/rewards';
import { matchPattern, normalizePath, paths, signInPage } from '#domain/paths';
import { readShellHint, readStoredSession, type ShellHint } from '#offline/stored-session';
import { SERVED_ART_FILE_META, SERVED_ART_META, SERVED_PRIZE_META } from '#contract/common-constants';
import { isMediaPath } from '#contract/media-paths';
import type { SessionUser } from '#contract/session';
import { ROUTES, type AppRoute } from '#app/routes.ts';

/** What the build writes into the page: the app's entry, and where the route lists are. */
export interface BootFiles {
  /** The entry's script, the modules it imports and its stylesheets ('/src/main.tsx' alone in dev). */
  entry: { script: string; modules: string[]; styles: string[] };
  /**
   * The module whose default export is the RouteFiles (a built file of its own, null in dev): the
   * lists stay out of the page, whose first round trip carries only what paints.
   */
  routes: string | null;
}

/** Each route's own files, and those of every signed-in screen. */
export interface RouteFiles {
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

/** The catalogue's first prize image the server named in the page (a media-store file only), or null. */
export function servedPrize(doc: Document): string | null {
  const image = doc.querySelector(`meta[name="${SERVED_PRIZE_META}"]`)?.getAttribute('content') ?? '';
  return isMediaPath(image) ? image : null;
}

/** Paints the catalogue's first prize in the first card's place; without it (a refused image) the frame keeps its bones. */
function paintPrize(doc: Document, shell: HTMLElement, image: string): void {
  const img = doc.getElementById('as-prize');
  if (!img) return;
  img.addEventListener('error', () => shell.removeAttribute('data-prize'), { once: true });
  img.setAttribute('src', image);
  shell.setAttribute('data-prize', '');
}

/** The dashboard's banner of the attribute the path names (a known slug only). */
export function dashboardArt(params: Record<string, string>): Art | null {
  const slug = params.atributo ?? '';
  if (attributeIdFromSlug(slug) === null) return null;
  const art = attributeArt(slug);
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

type Tag = ['stylesheet' | 'script' | 'modulepreload' | 'preload', string];

function addTag(doc: Document, [kind, href]: Tag): void {
  const el = kind === 'script' ? doc.createElement('script') : doc.createElement('link');
  // Same fetch mode as Vite's own loader, so the browser reuses what this fetched.
  el.crossOrigin = '';
  if (el instanceof HTMLScriptElement) {
    el.type = 'module';
    el.src = href;
  } else {
    el.rel = kind;
    // A route's stylesheet is only fetched early: the app applies it when the route's code asks.
    if (kind === 'preload') el.as = 'style';
    el.href = href;
  }
  doc.head.appendChild(el);
}

/** Adds `tags` in order, a few per task. */
function addTags(win: Window, tags: Tag[]): void {
  for (const tag of tags.splice(0, FILES_PER_TASK)) addTag(win.document, tag);
  if (tags.length) win.setTimeout(() => addTags(win, tags), 0);
}

/** The files `route` needs beyond the entry: the router's, the guard's and layout's when signed in, its screen's. */
export function routeFiles(files: RouteFiles, screen: string | null, signedIn: boolean): string[] {
  const wanted = [...files.app, ...(signedIn ? files.signedIn : []), ...(screen ? files.screens[screen] ?? [] : [])];
  return wanted.map((index) => files.files[index]!);
}

/**
 * Starts the app: the entry's stylesheets (src/main.tsx waits for them before its first render)
 * and script, then its modules; then the route's files, once their list has come (it never
 * holds the entry back; without it the app still imports them itself).
 */
export function startApp(win: Window, files: BootFiles, wanted: (routes: RouteFiles) => string[]): void {
  const { entry } = files;
  const seen = new Set<string>();
  const once = (href: string) => !seen.has(href) && !!seen.add(href);
  addTags(win, [
    ...entry.styles.map((href): Tag => ['stylesheet', href]),
    ['script', entry.script],
    ...entry.modules.filter(once).map((href): Tag => ['modulepreload', href]),
  ]);
  if (!files.routes) return;
  import(/* @vite-ignore */ files.routes).then(
    (module: { default: RouteFiles }) =>
      addTags(win, wanted(module.default).filter(once).map((href): Tag => [href.endsWith('.css') ? 'preload' : 'modulepreload', href])),
    () => undefined,
  );
}

/** Paints the frame for this page. Runs once, inline, right after the frame's markup. */
export function bootShell(win: Window, files: BootFiles): void {
  const doc = win.document;
  const shell = doc.getElementById('app-shell');
  if (!shell) return startApp(win, files, () => []);
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
  if (frame === 'status') text('as-status', route ? routeTitle(route, params, win.location.search) : '');
  const signedIn = !!user && (frame === 'home' || frame === 'dashboard' || frame === 'screen');
  if (signedIn && user) {
    text('as-greeting', `Hola, ${user.nick_name || user.name}`);
    if (isAgentProfile(user.perfil)) {
      shell.setAttribute('data-agent', '');
      // The header's second row (Saldo, Canjear): the frame's header is one row until now.
      shell.querySelector('header [data-compact]')?.removeAttribute('data-compact');
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
    const prize = path === paths.catalogue.path && catalogueOpensOnPrizes(user, !!session?.originalUser, win.navigator.onLine !== false) ? servedPrize(doc) : null;
    if (prize) paintPrize(doc, shell, prize);
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
  afterFirstPaint(win, shell, () => startApp(win, files, (routes) => routeFiles(routes, route?.screen ?? null, signedIn)));
}
