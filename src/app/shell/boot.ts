// The static shell's inline script: index.html runs it before any of the app's JavaScript, to
// choose the route's frame, fill the header from the stored session (and the balance from the
// shell hint of the same user) and modulepreload the route's files. The build inlines it
// (scripts/vite/app-shell.ts), so it must never import at run time (types only) and never write
// anything: it reads localStorage and only shows. When unsure, it shows less, never a wrong name.
// The rules it mirrors (guard, header, banner) are checked against #domain in boot.test.ts.
// One file a little over the usual size: the build inlines it whole, so it cannot be split.
import type { ShellArt, ShellHint } from '#offline/shell-hint';
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

/** Shows a banner where the frame has its bone (`as-art`, `as-hero`), from the same files the app uses. */
function paintArt(doc: Document, shell: HTMLElement, art: ShellArt, id: string): void {
  const img = doc.getElementById(id);
  const source = doc.getElementById(id + '-compact');
  if (!img || !source) return;
  source.setAttribute('srcset', art.compact);
  img.setAttribute('src', art.wide);
  shell.setAttribute('data-art', '');
}

function preload(doc: Document, data: ShellData, indexes: number[]): void {
  const seen: Record<string, true> = {};
  for (const index of indexes) {
    const href = data.files[index];
    if (!href || seen[href]) continue;
    seen[href] = true;
    const link = doc.createElement('link');
    // CSS is fetched early, not applied: the app inserts it when the route's code asks.
    if (/\.css$/.test(href)) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // Same fetch mode as Vite's own preloads, so the browser reuses what this fetched.
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
}

/** Paints the shell for this page. Runs once, inline, right after the shell's markup. */
export function bootShell(win: Window, data: ShellData): void {
  const doc = win.document;
  const shell = doc.getElementById('app-shell');
  if (!shell) return;
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
    preload(doc, data, data.signedIn.concat(route ? route[3] : []));
  } else if (route) {
    preload(doc, data, route[3]);
  }
  shell.setAttribute('data-frame', frame);
}
