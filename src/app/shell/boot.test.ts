import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_SLUGS } from '#contract/attributes';
import {
  SERVED_ART_FILE_META as CONTRACT_SERVED_ART_FILE_META, SERVED_ART_META as CONTRACT_SERVED_ART_META,
} from '#contract/common';
import { attributeArt, attributeNameFromSlug } from '#domain/attributes';
import type { SessionUser } from '#contract/session';
import { guardRedirect, navigationBanner, signedInLoginRedirect } from '#domain/navigation';
import { normalizePath } from '#domain/paths';
import { canjearAction, showsBalance } from '#domain/profiles';
import { SESSION_STORAGE_KEY, SHELL_HINT_STORAGE_KEY, SHELL_PAGE_STORAGE_KEY } from '#offline/session';
import {
  bannerNick, bootShell, guardTarget, HINT_KEY, isAgent, landing, loginRedirect, normalize, PAGE_KEY, readPage, SERVED_ART_FILE_META, SERVED_ART_META,
  SESSION_KEY, type ShellData,
} from './boot.ts';
import { SHELL_ROUTES } from './route-modules.ts';

const user = (perfil: string | undefined, extra: Partial<SessionUser> = {}): SessionUser => ({
  id: 7, name: 'Ana García', email: 'ana@impecable.demo', nick_name: 'AnaImpecable', role: 'agente', perfil, division: null, marca_id: 2, puntos_ring_ring: 0,
  ...extra,
});
const USERS = [user(''), user('  '), user('admin'), user('INTERNO'), user('plataforma'), user('LATAM'), user('latam'), user('raro'), user(undefined), user('', { nick_name: null }), user('', { nick_name: '  ' })];
const PATHS = ['/', '/home', '/Home/', '/premios', '/login', '/login/Sesión caducada', '/sso/abc', '/logout', '/listado-usuarios', '/navegacion-simulada', '/ranking/accesible', '/nada', '/LOGIN'];

const routes: ShellData['routes'] = SHELL_ROUTES.map((route, i) => [route.pattern, route.frame, route.text ?? '', [i]]);

describe('the shell mirrors the app rules it paints by', () => {
  it.each(PATHS)('normalizes %s as the router does', (path) => {
    expect(normalize(path)).toBe(normalizePath(path));
  });

  it('sends each user where the guard sends them', () => {
    for (const path of PATHS) {
      expect(guardTarget(path, null), `${path} signed out`).toBe(guardRedirect(path, null));
      for (const u of USERS) expect(guardTarget(path, u), `${path} as ${u.perfil}`).toBe(guardRedirect(path, u));
    }
  });

  it('sends a signed-in visitor of /login where the login screen does', () => {
    for (const u of USERS.filter((u) => typeof u.perfil === 'string')) expect(loginRedirect(u)).toBe(signedInLoginRedirect(u));
  });

  it('shows the balance and Canjear to exactly the users the header does', () => {
    for (const u of USERS) {
      expect(isAgent(u), String(u.perfil)).toBe(showsBalance(u));
      expect(isAgent(u), String(u.perfil)).toBe(canjearAction(u) !== 'none');
    }
  });

  it('names the same person in the orange banner', () => {
    for (const path of PATHS) {
      for (const u of USERS) {
        for (const impersonating of [false, true]) {
          expect(bannerNick(u, impersonating, path), `${path} ${u.perfil} ${impersonating}`).toBe(navigationBanner(u, impersonating, path)?.nickName ?? null);
        }
      }
    }
  });

  it('reads the keys the app writes', () => {
    expect(SESSION_KEY).toBe(SESSION_STORAGE_KEY);
    expect(SERVED_ART_META).toBe(CONTRACT_SERVED_ART_META);
    expect(SERVED_ART_FILE_META).toBe(CONTRACT_SERVED_ART_FILE_META);
    expect(HINT_KEY).toBe(SHELL_HINT_STORAGE_KEY);
    expect(PAGE_KEY).toBe(SHELL_PAGE_STORAGE_KEY);
  });
});

describe('landing: where the router will end up', () => {
  it.each([
    ['/home', null, '/login'],
    ['/nada', null, '/login'],
    ['/sso/abc', null, '/sso/abc'],
    ['/', user(''), '/home'],
    ['/login', user(''), '/home'],
    ['/nada', user(''), '/home'],
    ['/Ranking/Accesible/', user(''), '/ranking/accesible'],
    ['/home', user('LATAM'), '/listado-usuarios'],
    ['/login', user('INTERNO'), '/navegacion-simulada'],
    ['/premios', user('PLATAFORMA'), '/navegacion-simulada'],
    ['/home', user(undefined), '/logout'],
  ] as const)('%s as %o → %s', (path, who, expected) => {
    expect(landing(path, who, routes)).toBe(expected);
  });
});

/** A banner the shell painted: loaded at once unless `pending`, then loaded by `load()`. */
interface FakeImage {
  complete: boolean;
  addEventListener: (type: string, listener: () => void) => void;
  load: () => void;
}
function fakeImage(pending: boolean): FakeImage {
  const listeners: (() => void)[] = [];
  return {
    complete: !pending,
    addEventListener: (type, listener) => type === 'load' && listeners.push(listener),
    load() {
      this.complete = true;
      listeners.splice(0).forEach((listener) => listener());
    },
  };
}

/**
 * Just enough of a window for bootShell: elements by id, attributes, text, appended links and
 * scripts, the server's art <meta> when `served` is given, the shell's painted banners
 * (`images`), and animation frames and timers that run only when the test says (`frame()`, `timers()`).
 */
function fakeWindow(
  pathname: string,
  items: Record<string, unknown>,
  online = true,
  served?: string,
  images: FakeImage[] = [],
  files: Record<string, string> = {},
) {
  const elements = new Map<string, { textContent: string; attributes: Map<string, string> }>();
  const element = (id: string) => {
    if (!elements.has(id)) elements.set(id, { textContent: '', attributes: new Map() });
    const el = elements.get(id)!;
    return {
      ...el,
      set textContent(value: string) { el.textContent = value; },
      setAttribute: (name: string, value: string) => el.attributes.set(name, value),
      querySelectorAll: (selector: string) => (id === 'app-shell' && selector === 'img[src]' ? images : []),
    };
  };
  const links: { tag: string; rel: string; as?: string; href: string; src?: string; type?: string; crossOrigin: string | null }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const win = {
    location: { pathname },
    navigator: { onLine: online },
    localStorage: { getItem: (key: string) => (key in items ? JSON.stringify(items[key]) : null) },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
    document: {
      visibilityState: 'visible',
      getElementById: element,
      querySelector: (selector: string) => {
        if (served !== undefined && selector === `meta[name="${SERVED_ART_META}"]`) return { getAttribute: (name: string) => (name === 'content' ? served : null) };
        const file = /^meta\[name="impecable-art-file"\]\[content="([^"]+)"\]$/.exec(selector)?.[1];
        return file && file in files ? { getAttribute: (name: string) => (name === 'data-src' ? files[file] : null) } : null;
      },
      createElement: (tag: string) => ({ tag, rel: '', href: '', crossOrigin: null }),
      head: { appendChild: (link: (typeof links)[number]) => (links.push(link), link) },
    },
  };
  const run = (queue: (() => void)[]) => queue.forEach((callback) => callback());
  return {
    win: win as unknown as Window,
    text: (id: string) => elements.get(id)?.textContent ?? '',
    attrs: (id = 'app-shell') => elements.get(id)?.attributes ?? new Map<string, string>(),
    links,
    /** Renders one frame: runs the animation-frame callbacks queued until now. */
    frame: () => run(frames.splice(0)),
    /** Fires the timers set until now. */
    timers: () => run(timers.splice(0)),
    /** The shell painted: the frames it waits for run, then its tasks; what the app asked for. */
    painted() {
      this.frame();
      this.frame();
      while (timers.length) this.timers();
      return links;
    },
  };
}

const data: ShellData = {
  routes: [
    ['/login', 'login', '', [0]],
    ['/home', 'home', '', [2, 3]],
    ['/premios', 'screen', 'Catálogo de premios', [4]],
    ['/dashboard/:atributo', 'dashboard', '', []],
    ['/ranking/:atributo', 'screen', 'Ranking · {atributo}', []],
    ['/listado-usuarios', 'screen', 'Resumen de pedidos', []],
  ],
  files: ['/assets/login-route-a.js', '/assets/guards-b.js', '/assets/home-route-c.js', '/assets/home-route-c.css', '/assets/catalogue-d.js'],
  signedIn: [1],
  names: Object.fromEntries(Object.values(ATTRIBUTE_SLUGS).map((slug) => [slug, attributeNameFromSlug(slug) ?? ''])),
  entry: { script: '/assets/index-e.js', modules: ['/assets/react-f.js'], styles: ['/assets/index-g.css'] },
};
const ENTRY_SCRIPT = ['script', '/assets/index-e.js'];
/** What the build's entry adds on every page, in order: its stylesheet, its script, its modules. */
const ENTRY_FIRST = [['stylesheet', '/assets/index-g.css'], ENTRY_SCRIPT, ['modulepreload', '/assets/react-f.js']];
const asked = (links: ReturnType<typeof fakeWindow>['links']) => links.map((l) => (l.tag === 'script' ? ['script', l.src] : [l.rel, l.href]));
const ana = user('', { id: 7 });
const session = (who: SessionUser, originalUser: SessionUser | null = null) => ({ status: 'authenticated', token: 't', user: who, originalUser });
const hint = { userId: 7, nick: 'AnaImpecable', amount: '1.250', unit: 'IMPs' };

describe('bootShell', () => {
  it('paints an agent’s header with the hint’s balance and preloads the route with the signed-in layout', () => {
    const page = fakeWindow('/home', { [SESSION_KEY]: session(ana), [HINT_KEY]: hint });
    bootShell(page.win, data);
    expect(page.attrs().get('data-frame')).toBe('home');
    expect(page.text('as-greeting')).toBe('Hola, AnaImpecable');
    expect(page.attrs().has('data-agent')).toBe(true);
    expect(page.attrs().has('data-balance')).toBe(true);
    expect(page.text('as-amount') + page.text('as-unit')).toBe('1.250 IMPs');
    expect(asked(page.painted())).toEqual([
      ...ENTRY_FIRST,
      ['modulepreload', '/assets/guards-b.js'],
      ['modulepreload', '/assets/home-route-c.js'],
      ['preload', '/assets/home-route-c.css'],
    ]);
    expect(page.links.every((l) => l.crossOrigin === '')).toBe(true);
    expect(page.links.find((l) => l.tag === 'script')!.type).toBe('module');
    expect(page.links.find((l) => l.rel === 'preload')!.as).toBe('style');
  });

  it('asks for none of the app’s files until its first frame is on screen, after the banner it paints has loaded', () => {
    const art = { wide: '/art/banner-accesible.svg', compact: '/art/banner-accesible-compact.svg' };
    const banner = fakeImage(true);
    const page = fakeWindow('/home', { [SESSION_KEY]: session(ana), [HINT_KEY]: { ...hint, art } }, true, undefined, [banner]);
    bootShell(page.win, data);
    page.frame();
    expect(page.links).toEqual([]);
    banner.load();
    page.frame();
    expect(page.links).toEqual([]);
    page.frame();
    // A few files per task, so no task is long: the stylesheet and the script come first.
    expect(asked(page.links).slice(0, 2)).toEqual(ENTRY_FIRST.slice(0, 2));
    expect(page.links.length).toBeLessThanOrEqual(4);
    expect(asked(page.painted())).toContainEqual(['preload', '/assets/home-route-c.css']);
    expect(page.links.filter((l) => l.tag === 'script')).toHaveLength(1);
  });

  it('does not wait for ever for a banner that will not load, and starts a hidden page at once', () => {
    const slow = fakeWindow('/home', { [SESSION_KEY]: session(ana) }, true, undefined, [fakeImage(true)]);
    bootShell(slow.win, data);
    slow.frame();
    expect(slow.links).toEqual([]);
    slow.timers(); // ART_WAIT_MS later
    expect(asked(slow.painted())).toContainEqual(ENTRY_SCRIPT);

    const hidden = fakeWindow('/premios', { [SESSION_KEY]: session(ana) });
    (hidden.win.document as { visibilityState: string }).visibilityState = 'hidden';
    bootShell(hidden.win, data);
    expect(asked(hidden.links)).toContainEqual(ENTRY_SCRIPT);
  });

  it('paints the first home banner from the hint, before any JavaScript, only on the home frame', () => {
    const art = { wide: '/art/banner-accesible.svg', compact: '/art/banner-accesible-compact.svg' };
    const home = fakeWindow('/home', { [SESSION_KEY]: session(ana), [HINT_KEY]: { ...hint, art } });
    bootShell(home.win, data);
    expect(home.attrs().has('data-art')).toBe(true);
    expect(home.attrs('as-art').get('src')).toBe(art.wide);
    expect(home.attrs('as-art-compact').get('srcset')).toBe(art.compact);

    const other = fakeWindow('/premios', { [SESSION_KEY]: session(ana), [HINT_KEY]: { ...hint, art } });
    bootShell(other.win, data);
    expect(other.attrs().has('data-art')).toBe(false);
  });

  it('paints the banner the server named when the device has no hint of its own (a first visit); a hint wins', () => {
    const served = '/art/banner-resolutivo.svg /art/banner-resolutivo-compact.svg';
    const first = fakeWindow('/home', { [SESSION_KEY]: session(ana) }, true, served);
    bootShell(first.win, data);
    expect(first.attrs().has('data-art')).toBe(true);
    expect(first.attrs('as-art').get('src')).toBe('/art/banner-resolutivo.svg');
    expect(first.attrs('as-art-compact').get('srcset')).toBe('/art/banner-resolutivo-compact.svg');

    const art = { wide: '/art/banner-accesible.svg', compact: '/art/banner-accesible-compact.svg' };
    const hinted = fakeWindow('/home', { [SESSION_KEY]: session(ana), [HINT_KEY]: { ...hint, art } }, true, served);
    bootShell(hinted.win, data);
    expect(hinted.attrs('as-art').get('src')).toBe(art.wide);

    for (const bad of ['https://evil.example/x.svg /art/a.svg', '/art/a.svg', '']) {
      const page = fakeWindow('/home', { [SESSION_KEY]: session(ana) }, true, bad);
      bootShell(page.win, data);
      expect(page.attrs().has('data-art'), bad).toBe(false);
    }
    const signedOut = fakeWindow('/home', {}, true, served);
    bootShell(signedOut.win, data);
    expect(signedOut.attrs().has('data-art')).toBe(false);
  });

  it('paints a banner the page carries from the page itself (no request), naming its file; any other data it ignores', () => {
    const hero = { wide: '/art/hero-accesible.svg', compact: '/art/hero-accesible-compact.svg' };
    const svg = 'data:image/svg+xml,%3Csvg%2F%3E';
    const page = fakeWindow('/dashboard/accesible', { [SESSION_KEY]: session(ana) }, true, undefined, [], { [hero.wide]: svg, [hero.compact]: 'javascript:alert(1)' });
    bootShell(page.win, data);
    expect(page.attrs('as-hero').get('src')).toBe(svg);
    expect(page.attrs('as-hero').get('data-file')).toBe(hero.wide);
    expect(page.attrs('as-hero-compact').get('srcset')).toBe(hero.compact);
    expect(page.attrs('as-hero-compact').get('data-file')).toBe(hero.compact);
  });

  it('paints a dashboard’s banner from its path alone, the files the screen shows; none for an unknown attribute', () => {
    for (const slug of Object.values(ATTRIBUTE_SLUGS)) {
      const page = fakeWindow(`/dashboard/${slug}`, { [SESSION_KEY]: session(ana) });
      bootShell(page.win, data);
      expect(page.attrs().get('data-frame')).toBe('dashboard');
      expect(page.attrs().has('data-art')).toBe(true);
      expect(page.attrs('as-hero').get('src')).toBe(attributeArt(slug).hero);
      expect(page.attrs('as-hero-compact').get('srcset')).toBe(attributeArt(slug).heroCompact);
      expect(page.attrs('as-art').has('src')).toBe(false);
    }
    const unknown = fakeWindow('/dashboard/nada', { [SESSION_KEY]: session(ana) });
    bootShell(unknown.win, data);
    expect(unknown.attrs().get('data-frame')).toBe('dashboard');
    expect(unknown.attrs().has('data-art')).toBe(false);
  });

  it('titles a ranking by the attribute its path names, "Ranking" alone in the global view, and none for an unknown one', () => {
    const titled = (pathname: string, search = '') => {
      const page = fakeWindow(pathname, { [SESSION_KEY]: session(ana) });
      (page.win.location as { search?: string }).search = search;
      bootShell(page.win, data);
      return page.attrs().has('data-title') ? page.text('as-title') : null;
    };
    expect(titled('/ranking/conestilo')).toBe('Ranking · Con Estilo');
    expect(titled('/ranking/accesible', '?vista=marca')).toBe('Ranking · Accesible');
    expect(titled('/ranking/accesible', '?vista=global')).toBe('Ranking');
    expect(titled('/ranking/nada')).toBeNull();
  });

  it('fetches nothing but the app’s own art, and shows no balance the header has not shown yet', () => {
    for (const art of [{ wide: 'https://evil.example/x.svg', compact: '/art/a.svg' }, { wide: '/art/../api/imps', compact: '/art/a.svg' }, { wide: '/art/a.svg' }]) {
      const page = fakeWindow('/home', { [SESSION_KEY]: session(ana), [HINT_KEY]: { ...hint, amount: '', art } });
      bootShell(page.win, data);
      expect(page.attrs().has('data-art')).toBe(false);
      expect(page.attrs('as-art').has('src')).toBe(false);
      expect(page.attrs().has('data-balance')).toBe(false);
    }
  });

  it('never shows another user’s balance, and greets by name without a nickname', () => {
    const page = fakeWindow('/premios', { [SESSION_KEY]: session(user('', { id: 8, nick_name: null })), [HINT_KEY]: hint });
    bootShell(page.win, data);
    expect(page.text('as-greeting')).toBe('Hola, Ana García');
    expect(page.attrs().has('data-balance')).toBe(false);
    expect(page.text('as-amount')).toBe('');
    expect(page.text('as-title')).toBe('Catálogo de premios');
  });

  it('paints the sign-in frame for a protected page without a session, and preloads the login', () => {
    const page = fakeWindow('/home', { [HINT_KEY]: hint });
    bootShell(page.win, data);
    expect(page.attrs().get('data-frame')).toBe('login');
    expect(page.text('as-greeting')).toBe('');
    expect(asked(page.painted())).toEqual([...ENTRY_FIRST, ['modulepreload', '/assets/login-route-a.js']]);
  });

  it('paints where the guard sends staff: LATAM gets its order summary, no balance, no Canjear', () => {
    const page = fakeWindow('/home', { [SESSION_KEY]: session(user('LATAM', { id: 9, nick_name: 'Lucia' })) });
    bootShell(page.win, data);
    expect(page.attrs().get('data-frame')).toBe('screen');
    expect(page.text('as-title')).toBe('Resumen de pedidos');
    expect(page.attrs().has('data-agent')).toBe(false);
  });

  it('shows the impersonation banner with the agent browsed as, and the offline line', () => {
    const page = fakeWindow('/premios', { [SESSION_KEY]: session(ana, user('INTERNO', { id: 4 })) }, false);
    bootShell(page.win, data);
    expect(page.attrs().has('data-banner')).toBe(true);
    expect(page.text('as-banner-nick')).toBe('AnaImpecable');
    expect(page.attrs().has('data-offline')).toBe(true);
  });

  it('treats a stored session without a token as signed out, and unreadable storage too', () => {
    const noToken = fakeWindow('/home', { [SESSION_KEY]: { user: ana, token: null } });
    bootShell(noToken.win, data);
    expect(noToken.attrs().get('data-frame')).toBe('login');
    const broken = fakeWindow('/home', {});
    Object.defineProperty(broken.win, 'localStorage', { get: () => { throw new Error('blocked'); } });
    bootShell(broken.win, data);
    expect(broken.attrs().get('data-frame')).toBe('login');
  });
});

describe('readPage: the stored page the shell repaints', () => {
  const stored = { userId: 7, path: '/home', html: '<main><p>Hola</p></main>', styles: ['/assets/index-a.css', '/assets/home-route-b.css'], css: ':root{}' };
  const storage = (value: unknown) => ({ getItem: (key: string) => (key === PAGE_KEY ? (typeof value === 'string' ? value : JSON.stringify(value)) : null) });

  it('is the signed-in user’s page of this path, as stored', () => {
    expect(readPage(storage(stored), ana, '/home')).toEqual(stored);
  });

  it('is never another user’s, nor another path’s', () => {
    expect(readPage(storage(stored), user('', { id: 8 }), '/home')).toBeNull();
    expect(readPage(storage(stored), ana, '/premios')).toBeNull();
  });

  it('asks for no stylesheet but the build’s own', () => {
    for (const href of ['https://example.com/assets/x.css', '//example.com/x.css', '/assets/../x.css', '/media/x.css', '/assets/x.js', 'javascript:alert(1)', 7]) {
      expect(readPage(storage({ ...stored, styles: [...stored.styles, href] }), ana, '/home'), String(href)).toBeNull();
    }
    expect(readPage(storage({ ...stored, styles: [] }), ana, '/home')).toBeNull();
  });

  it('is null when malformed, unreadable or absent', () => {
    expect(readPage(storage({ ...stored, html: 1 }), ana, '/home')).toBeNull();
    expect(readPage(storage({ ...stored, css: null }), ana, '/home')).toBeNull();
    expect(readPage(storage({ ...stored, styles: '/assets/index-a.css' }), ana, '/home')).toBeNull();
    expect(readPage(storage('{not json'), ana, '/home')).toBeNull();
    expect(readPage(storage(null), ana, '/home')).toBeNull();
    expect(readPage(null, ana, '/home')).toBeNull();
  });

  it('is painted only on /home: another frame leaves it alone', () => {
    const page = fakeWindow('/premios', { [SESSION_KEY]: session(ana), [PAGE_KEY]: { ...stored, path: '/premios' } });
    bootShell(page.win, data);
    expect(page.attrs().get('data-frame')).toBe('screen');
    expect(asked(page.painted())).not.toContainEqual(['stylesheet', '/assets/home-route-b.css']);
    expect(page.attrs().has('data-page')).toBe(false);
  });
});
