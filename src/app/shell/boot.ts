// The static shell's inline script: index.html runs it before any of the app's JavaScript, to
// choose the route's frame, fill the header from the stored session (and the balance from the
// shell hint of the same user) and modulepreload the route's files. The build inlines it
// (scripts/vite/app-shell.ts), so it must never import at run time (types only) and never write
// anything: it reads localStorage and only shows. When unsure, it shows less, never a wrong name.
// The rules it mirrors (guard, header, banner) are checked against #domain in boot.test.ts.
// One file a little over the usual size: the build inlines it whole, so it cannot be split.
import type { ShellArt, ShellHint, ShellPage } from '#offline/shell-hint';
import type { ShellFrame } from './route-modules.ts';

/** What the build writes into the page: [pattern, frame, text, file indexes] per route. */
export interface ShellData {
  routes: [pattern: string, frame: ShellFrame, text: string, files: number[]][];
  /** Absolute URLs of built files ('/assets/home-route-x.js'). */
  files: string[];
  /** The guard's and the signed-in layout's files, for every signed-in screen. */
  signedIn: number[];
  /**
   * The attributes' names by slug (#domain/attributes): a dashboard path names its banner by
   * one, a ranking path its title.
   */
  names: Record<string, string>;
  /**
   * The app's entry as the build wrote it (its <script>, modulepreloads and stylesheets), taken
   * out of the page and added by `startApp` once the shell is painted. Null in dev, where the
   * page keeps Vite's own <script>.
   */
  entry: { script: string; modules: string[]; styles: string[] } | null;
}

export interface ShellUser {
  id: number;
  name: string;
  nick_name: string | null;
  perfil?: unknown;
  marca_id?: number;
}

export interface ShellSession {
  user: ShellUser;
  /** Set while a supervisor browses as an agent. */
  impersonating: boolean;
}

export const SESSION_KEY = 'impecable.session';
export const HINT_KEY = 'impecable.shell-hint';
export const PAGE_KEY = 'impecable.shell-page';

const LOGIN = '/login';
const LOGOUT = '/logout';
const HOME = '/home';
const SIMULATED = '/navegacion-simulada';
const ORDER_SUMMARY = '/listado-usuarios';

export function normalize(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

function profileOf(perfil: unknown): string | null {
  if (typeof perfil !== 'string') return null;
  const wanted = perfil.trim().toLowerCase();
  return wanted === '' || ['admin', 'interno', 'plataforma', 'latam'].indexOf(wanted) >= 0 ? wanted : null;
}

export function isAgent(user: ShellUser): boolean {
  return profileOf(user.perfil) === '';
}

function isPublic(path: string): boolean {
  return path === LOGIN || path.indexOf(LOGIN + '/') === 0 || path.indexOf('/sso/') === 0 || path === LOGOUT;
}

/** Mirrors guardRedirect of #domain/navigation. */
export function guardTarget(pathname: string, user: ShellUser | null): string | null {
  const path = normalize(pathname);
  if (!user) return isPublic(path) ? null : LOGIN;
  if (typeof user.perfil !== 'string') return 'logout';
  if (isPublic(path)) return null;
  const profile = profileOf(user.perfil);
  if (profile === 'latam') return path === LOGOUT || path === ORDER_SUMMARY ? null : ORDER_SUMMARY;
  if ((profile === 'interno' || profile === 'plataforma') && (path === '/' || path === '/premios')) return SIMULATED;
  return path === '/' ? HOME : null;
}

/** Mirrors signedInLoginRedirect of #domain/navigation. */
export function loginRedirect(user: ShellUser): string {
  const profile = profileOf(user.perfil);
  return profile === 'interno' || profile === 'plataforma' ? SIMULATED : HOME;
}

/** Mirrors navigationBanner of #domain/navigation: the nickname the orange banner names, or null. */
export function bannerNick(user: ShellUser, impersonating: boolean, pathname: string): string | null {
  const nick = (user.nick_name || '').trim() || user.name;
  if (impersonating) return nick;
  const profile = profileOf(user.perfil);
  return (profile === 'interno' || profile === 'plataforma') && normalize(pathname) !== SIMULATED ? nick : null;
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return false;
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment.charAt(0) === ':' ? have[i] === '' : segment.toLowerCase() !== have[i]) return false;
  }
  return true;
}

export function findRoute(routes: ShellData['routes'], path: string): ShellData['routes'][number] | null {
  for (const route of routes) if (matches(route[0], path)) return route;
  return null;
}

/**
 * Where the router will end up for `pathname`: the guard's redirects, /login sending a signed-in
 * user on, and unknown paths going to /login. A few steps at most, as the router takes them.
 */
export function landing(pathname: string, user: ShellUser | null, routes: ShellData['routes']): string {
  let path = normalize(pathname);
  for (let step = 0; step < 4; step++) {
    const target = guardTarget(path, user);
    if (target === 'logout') return LOGOUT;
    if (target !== null) path = target;
    else if (user && (path === LOGIN || path.indexOf(LOGIN + '/') === 0)) path = loginRedirect(user);
    else if (path !== '/' && !findRoute(routes, path)) path = LOGIN;
    else return path;
  }
  return path;
}

export function readSession(storage: Pick<Storage, 'getItem'> | null): ShellSession | null {
  try {
    const stored = JSON.parse((storage && storage.getItem(SESSION_KEY)) || 'null') as {
      token?: unknown;
      user?: ShellUser | null;
      originalUser?: unknown;
    } | null;
    const user = stored && stored.token ? stored.user : null;
    if (!stored || !user || typeof user.id !== 'number' || typeof user.name !== 'string') return null;
    return { user, impersonating: !!stored.originalUser };
  } catch {
    return null;
  }
}

/** The stored hint, only when it belongs to `user`: never another user's balance. */
export function readHint(storage: Pick<Storage, 'getItem'> | null, user: ShellUser): ShellHint | null {
  try {
    const hint = JSON.parse((storage && storage.getItem(HINT_KEY)) || 'null') as ShellHint | null;
    return hint && hint.userId === user.id && typeof hint.amount === 'string' && typeof hint.unit === 'string' ? hint : null;
  } catch {
    return null;
  }
}

/** A hinted banner file: only the app's own art folder, so a tampered hint fetches nothing else. */
function artFile(value: unknown): string | null {
  return typeof value === 'string' && /^\/art\/[a-z0-9-]+\.svg$/.test(value) ? value : null;
}

/** Both files when both are the app's own; else null (the shell keeps its bone). */
function ownArt(wide: unknown, compact: unknown): ShellArt | null {
  const w = artFile(wide);
  const c = artFile(compact);
  return w && c ? { wide: w, compact: c } : null;
}

/** The hint's banner art, when it is the app's own. */
export function hintedArt(hint: ShellHint | null): ShellArt | null {
  const art = hint && hint.art;
  return art ? ownArt(art.wide, art.compact) : null;
}

/** #contract/common's SERVED_ART_META, spelled here as this file cannot import (boot.test.ts compares). */
export const SERVED_ART_META = 'impecable-art';

/**
 * The first banner the server put in the page ("wide compact"), for a device with no hint yet
 * (a first visit); held to the same files as a hint. The service worker's copy has none.
 */
export function servedArt(doc: Document): ShellArt | null {
  const meta = doc.querySelector('meta[name="' + SERVED_ART_META + '"]');
  const parts = ((meta && meta.getAttribute('content')) || '').split(' ');
  return ownArt(parts[0], parts[1]);
}

/**
 * Mirrors attributeArt of #domain/attributes: the dashboard's banner of the attribute a path
 * names, for a known slug only (any other path gets the app's "unknown attribute").
 */
export function dashboardArt(path: string, names: Record<string, string>): ShellArt | null {
  const slug = path.split('/')[2] || '';
  return Object.prototype.hasOwnProperty.call(names, slug) ? { wide: '/art/hero-' + slug + '.svg', compact: '/art/hero-' + slug + '-compact.svg' } : null;
}

/**
 * A route's title: its text, with '{atributo}' as the name of the attribute the path's second
 * segment names ('' for an unknown one: the screen says so, the shell shows its bar). Mirrors the
 * ranking screen: its global view (?vista=global) is titled 'Ranking' alone.
 */
export function routeTitle(text: string, path: string, search: string, names: Record<string, string>): string {
  if (text.indexOf('{atributo}') < 0) return text;
  if (/[?&]vista=global(&|$)/.test(search)) return 'Ranking';
  const slug = path.split('/')[2] || '';
  return Object.prototype.hasOwnProperty.call(names, slug) ? text.replace('{atributo}', names[slug]!) : '';
}

/** #contract/common's SERVED_ART_FILE_META (boot.test.ts compares). */
export const SERVED_ART_FILE_META = 'impecable-art-file';

/**
 * The file itself when the server put it in the page (a data: URL of its SVG), so painting it
 * costs no request; else its path. Only for the app's own files (`artFile`), only an SVG.
 */
export function servedFile(doc: Document, href: string): string {
  const meta = doc.querySelector('meta[name="' + SERVED_ART_FILE_META + '"][content="' + href + '"]');
  const src = (meta && meta.getAttribute('data-src')) || '';
  return src.indexOf('data:image/svg+xml,') === 0 ? src : href;
}

/**
 * Shows a banner where the frame has its bone (`as-art`, `as-hero`), from the same files the app
 * uses (`data-file` names the wide one when the page carried them).
 */
function paintArt(doc: Document, shell: HTMLElement, art: ShellArt, id: string): void {
  const img = doc.getElementById(id);
  const source = doc.getElementById(id + '-compact');
  if (!img || !source) return;
  source.setAttribute('srcset', servedFile(doc, art.compact));
  img.setAttribute('src', servedFile(doc, art.wide));
  img.setAttribute('data-file', art.wide);
  source.setAttribute('data-file', art.compact);
  shell.setAttribute('data-art', '');
}

function addLink(doc: Document, rel: string, href: string): void {
  const link = doc.createElement('link');
  link.rel = rel;
  // A route's CSS is only fetched early: the app applies it when the route's code asks.
  if (rel === 'preload') link.as = 'style';
  // Same fetch mode as Vite's own links, so the browser reuses what this fetched.
  link.crossOrigin = '';
  link.href = href;
  doc.head.appendChild(link);
}

/** The route's own files, each once: modules to modulepreload, stylesheets to preload. */
function routeFiles(data: ShellData, indexes: number[]): [rel: string, href: string][] {
  const out: [string, string][] = [];
  const seen: Record<string, true> = {};
  for (const index of indexes) {
    const href = data.files[index];
    if (!href || seen[href]) continue;
    seen[href] = true;
    out.push([/\.css$/.test(href) ? 'preload' : 'modulepreload', href]);
  }
  return out;
}

/** Files asked for per task: starting a request costs the main thread, so no task asks for many. */
export const FILES_PER_TASK = 4;

/**
 * Starts the app: the entry's stylesheets (src/main.tsx waits for them before its first render)
 * and <script>, then its modules and the route's files, a few per task.
 */
function startApp(win: Window, data: ShellData, indexes: number[]): void {
  const entry = data.entry;
  if (!entry) return;
  const doc = win.document;
  const adds: (() => void)[] = entry.styles.map((href) => () => addLink(doc, 'stylesheet', href));
  adds.push(() => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.script;
    doc.head.appendChild(script);
  });
  const files = entry.modules.map((href): [string, string] => ['modulepreload', href]).concat(routeFiles(data, indexes));
  for (const [rel, href] of files) adds.push(() => addLink(doc, rel, href));
  const step = () => {
    adds.splice(0, FILES_PER_TASK).forEach((add) => add());
    if (adds.length) win.setTimeout(step, 0);
  };
  step();
}

/** A stylesheet of the app's own build ('/assets/x.css'): a stored page may ask for nothing else. */
export function ownStyle(href: unknown): boolean {
  return typeof href === 'string' && /^\/assets\/[\w.-]+\.css$/.test(href);
}

/** `user`'s last content of `path` (page-snapshot.ts), only when it is theirs, of this path, and well formed. */
export function readPage(storage: Pick<Storage, 'getItem'> | null, user: ShellUser, path: string): ShellPage | null {
  try {
    const page = JSON.parse((storage && storage.getItem(PAGE_KEY)) || 'null') as ShellPage | null;
    if (!page || page.userId !== user.id || page.path !== path || typeof page.html !== 'string' || typeof page.css !== 'string') return null;
    if (!Array.isArray(page.styles) || !page.styles.length) return null;
    for (const href of page.styles) if (!ownStyle(href)) return null;
    return page;
  } catch {
    return null;
  }
}

/**
 * Elements a stored page never paints: whatever could run, load a document, change the page's
 * base or (SVG animation) rewrite a link.
 */
const UNSAFE = 'script,iframe,frame,object,embed,link,meta,base,form,template,animate,set';

/**
 * The stored markup as inert nodes: parsed in a template (nothing loads or runs there), without
 * UNSAFE elements, event handler attributes or javascript: links. What the app wrote is never
 * any of these; a tampered page loses them.
 */
export function safeFragment(doc: Document, html: string): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const content = template.content;
  const unsafe = content.querySelectorAll(UNSAFE);
  for (let i = 0; i < unsafe.length; i++) unsafe[i]!.remove();
  const all = content.querySelectorAll('*');
  for (let i = 0; i < all.length; i++) {
    const el = all[i]!;
    for (let a = el.attributes.length - 1; a >= 0; a--) {
      const attr = el.attributes[a]!;
      const name = attr.name.toLowerCase();
      if (name.indexOf('on') === 0 || (/^(href|src|srcset|action|formaction|xlink:href)$/.test(name) && /^\s*javascript:/i.test(attr.value))) {
        el.removeAttribute(attr.name);
      }
    }
  }
  return content;
}

/**
 * Paints `page` in the shell (#as-page, inert): its markup and theme at once, shown (data-page)
 * once every stylesheet it names has loaded, never unstyled; a stylesheet that fails (an old
 * build's) leaves the skeleton.
 */
function paintPage(doc: Document, shell: HTMLElement, page: ShellPage): void {
  const holder = doc.getElementById('as-page');
  if (!holder) return;
  const style = doc.createElement('style');
  style.textContent = page.css;
  holder.appendChild(style);
  holder.appendChild(safeFragment(doc, page.html));
  doc.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  let left = page.styles.length;
  let failed = false;
  const settle = (ok: boolean) => {
    failed = failed || !ok;
    if (--left === 0 && !failed) shell.setAttribute('data-page', '');
  };
  for (const href of page.styles) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.addEventListener('load', () => settle(true), { once: true });
    link.addEventListener('error', () => settle(false), { once: true });
    doc.head.appendChild(link);
  }
}

/** How long the app waits at most for the banner the shell paints before it starts loading. */
export const ART_WAIT_MS = 1000;

/**
 * Runs `run` once the shell's first frame is on screen: after the banner it paints has loaded
 * (a small SVG, at most ART_WAIT_MS), two animation frames later, so no file of the app's shares
 * the network or the main thread with the first paint. A hidden page (no frames) starts at once.
 */
export function afterFirstPaint(win: Window, shell: HTMLElement, run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    if (win.document.visibilityState === 'hidden' || typeof win.requestAnimationFrame !== 'function') run();
    else win.requestAnimationFrame(() => win.requestAnimationFrame(run));
  };
  const pending: HTMLImageElement[] = [];
  const images = shell.querySelectorAll('img[src]');
  for (let i = 0; i < images.length; i++) {
    const img = images[i] as HTMLImageElement;
    if (!img.complete) pending.push(img);
  }
  let left = pending.length;
  if (!left) return start();
  const settle = () => {
    if (--left <= 0) start();
  };
  for (const img of pending) {
    img.addEventListener('load', settle, { once: true });
    img.addEventListener('error', settle, { once: true });
  }
  win.setTimeout(start, ART_WAIT_MS);
}

/** Paints the shell for this page. Runs once, inline, right after the shell's markup. */
export function bootShell(win: Window, data: ShellData): void {
  const doc = win.document;
  const shell = doc.getElementById('app-shell');
  if (!shell) return startApp(win, data, []);
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
  } catch {
    // Storage blocked (privacy settings): painted as signed out, which the app then confirms.
  }
  const session = readSession(storage);
  const user = session ? session.user : null;
  const path = landing(win.location.pathname, user, data.routes);
  const route = findRoute(data.routes, path);
  const frame: ShellFrame = route ? route[1] : 'screen';
  const text = (id: string, value: string) => {
    const el = doc.getElementById(id);
    if (el) el.textContent = value;
  };
  if (frame === 'status') text('as-status', route ? route[2] : '');
  if (user && (frame === 'home' || frame === 'dashboard' || frame === 'screen')) {
    text('as-greeting', 'Hola, ' + (user.nick_name || user.name));
    if (isAgent(user)) {
      shell.setAttribute('data-agent', '');
      const hint = readHint(storage, user);
      if (hint && hint.amount) {
        text('as-amount', hint.amount + ' ');
        text('as-unit', hint.unit);
        shell.setAttribute('data-balance', '');
      }
      const art = frame === 'home' ? hintedArt(hint) || servedArt(doc) : null;
      if (art) paintArt(doc, shell, art, 'as-art');
    }
    const hero = frame === 'dashboard' ? dashboardArt(path, data.names) : null;
    if (hero) paintArt(doc, shell, hero, 'as-hero');
    const title = route ? routeTitle(route[2], path, win.location.search || '', data.names) : '';
    if (title) {
      text('as-title', title);
      shell.setAttribute('data-title', '');
    }
    const nick = bannerNick(user, !!session && session.impersonating, path);
    if (nick) {
      text('as-banner-nick', nick);
      shell.setAttribute('data-banner', '');
    }
    if (win.navigator.onLine === false) shell.setAttribute('data-offline', '');
  }
  shell.setAttribute('data-frame', frame);
  const signedIn = !!user && (frame === 'home' || frame === 'dashboard' || frame === 'screen');
  const files = (signedIn ? data.signedIn : []).concat(route ? route[3] : []);
  const page = signedIn && user && frame === 'home' ? readPage(storage, user, path) : null;
  // After the header's first frame (parsing the page must not delay "Hola"), while the app starts.
  if (page) win.requestAnimationFrame(() => win.requestAnimationFrame(() => paintPage(doc, shell, page)));
  afterFirstPaint(win, shell, () => startApp(win, data, files));
}
