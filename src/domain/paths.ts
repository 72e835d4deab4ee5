// Every route of the product (spec section 2): the one place that spells a URL.
// It lives in domain/ rather than app/ because navigation rules (navigation.ts) and
// features need it, and neither may import app/. Pure data, no router imports.

const enc = encodeURIComponent;

export const paths = {
  root: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  loginMessage: { path: '/login/:message', getHref: (message: string) => `/login/${enc(message)}` },
  sso: { path: '/sso/:token', getHref: (token: string) => `/sso/${enc(token)}` },
  logout: { path: '/logout', getHref: () => '/logout' },
  home: { path: '/home', getHref: () => '/home' },
  attributes: { path: '/atributos', getHref: () => '/atributos' },
  dashboard: { path: '/dashboard/:atributo', getHref: (slug: string) => `/dashboard/${enc(slug)}` },
  quiz: {
    path: '/cuestionario/:atributo/quizz/:quizz',
    getHref: (slug: string, quiz: number | string) => `/cuestionario/${enc(slug)}/quizz/${enc(String(quiz))}`,
  },
  ranking: { path: '/ranking/:atributo', getHref: (slug: string) => `/ranking/${enc(slug)}` },
  rules: { path: '/reglas-impecables', getHref: () => '/reglas-impecables' },
  catalogue: { path: '/premios', getHref: () => '/premios' },
  orders: { path: '/mis-ordenes', getHref: () => '/mis-ordenes' },
  history: { path: '/mis-ingresos', getHref: () => '/mis-ingresos' },
  repaso: { path: '/repaso', getHref: () => '/repaso' },
  simulatedNavigation: { path: '/navegacion-simulada', getHref: () => '/navegacion-simulada' },
  orderSummary: { path: '/listado-usuarios', getHref: () => '/listado-usuarios' },
  album: { path: '/album-imagenes', getHref: () => '/album-imagenes' },
  rankingDownloads: { path: '/descargar/ranking', getHref: () => '/descargar/ranking' },
  importUsers: { path: '/importar-usuarios', getHref: () => '/importar-usuarios' },
  coaching: { path: '/seguimiento', getHref: () => '/seguimiento' },
  notifications: { path: '/avisos', getHref: () => '/avisos' },
  /** Programa (admin): one screen per section, `calendario` first. */
  programme: { path: '/programa/:seccion', getHref: (section = 'calendario') => `/programa/${enc(section)}` },
} as const;

/** Routes a visitor may open without a session (sign-in, SSO link, sign-out). */
export function isPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return (
    path === paths.login.path ||
    path.startsWith(`${paths.login.path}/`) ||
    path.startsWith('/sso/') ||
    path === paths.logout.path
  );
}

const SIGN_IN_PAGE = new RegExp(`^${paths.login.path}(?:/([^/]+))?/*$`, 'i');

/**
 * The sign-in page `pathname` opens, matched as the router matches it (any case, trailing
 * slashes): `{ message }` for /login/:message, decoded; `{}` for /login; null for any other path.
 */
export function signInPage(pathname: string): { message?: string } | null {
  const match = SIGN_IN_PAGE.exec(pathname);
  if (!match) return null;
  const raw = match[1];
  if (raw === undefined) return {};
  try {
    return { message: decodeURIComponent(raw) };
  } catch {
    return { message: raw };
  }
}

/** Lower-case, no trailing slash ("/Home/" → "/home"); the router matches case-insensitively too. */
export function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

/**
 * `pathname`'s parameters when it matches `pattern` ('/ranking/:atributo'), as the router matches
 * (any case, trailing slashes, a parameter is one non-empty segment); null when it does not.
 * For code that runs without the router (the first paint's script).
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = normalizePath(pathname).split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const part = have[i]!;
    if (segment.startsWith(':')) {
      if (part === '') return null;
      params[segment.slice(1)] = part;
    } else if (segment.toLowerCase() !== part) return null;
  }
  return params;
}
