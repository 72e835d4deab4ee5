// Where each user may go and what the app's chrome shows them (spec sections 2 and 6): guard
// redirects, landings after sign-in, the menu, the impersonation banner, the header balance
// and the month's new-content prompt. Built on profiles.ts, so a menu item and its screen
// agree. Pure: never touches I/O, storage or the router; it names paths, the router follows.
import type { ImpsResponse } from '#contract/points';
import type { SessionUser } from '#contract/session';
import { isPublicPath, normalizePath, paths } from '#domain/paths';
import {
  canDownloadRankings, canEditProgramme, canImportUsers, canSeeOrderSummary, hasSimulatedNavigation, isInternoOrPlataforma, normalizeProfile, takesPart,
  type AccessUser,
} from './profiles.ts';
import { profileReach } from './impersonation.ts';

export type GuardResult = string | null | 'logout';

/**
 * Seguimiento (issue 20) is for those who coach a floor: the profiles with an impersonation
 * reach (INTERNO, PLATAFORMA, admin), the rule the server scopes its figures by. Anyone else
 * opening it sees a refusal (the server refuses its reads too). A supervisor browsing as an
 * agent is the agent here.
 */
export function canSeeCoaching(perfil: string | null | undefined): boolean {
  return profileReach(perfil) !== 'none';
}

/** Screens of what an earner has received, and Repaso (their own quizzes' questions): staff have none. */
const EARNER_RECORDS: readonly string[] = [paths.history.path, paths.orders.path, paths.repaso.path];

/**
 * Where the route guard sends a visitor of `pathname` (spec 2, "Guard rules"):
 * a path to redirect to, 'logout' to end a malformed session, or null to stay.
 * Public paths (login, SSO, logout) are never redirected from here.
 */
export function guardRedirect(pathname: string, user: AccessUser | null): GuardResult {
  const path = normalizePath(pathname);
  if (!user) return isPublicPath(path) ? null : paths.login.path;
  // A missing perfil (not a string: undefined, or null in an old stored session) is a
  // malformed session; an empty string is a normal agent.
  if (typeof user.perfil !== 'string') return 'logout';
  if (isPublicPath(path)) return null;
  if (normalizeProfile(user.perfil) === 'LATAM') {
    return path === paths.logout.path || path === paths.orderSummary.path ? null : paths.orderSummary.path;
  }
  if (isInternoOrPlataforma(user.perfil) && (path === paths.root.path || path === paths.catalogue.path)) {
    return paths.simulatedNavigation.path;
  }
  // An earner's own records (income, orders) are always empty for staff: their own screen instead.
  if (!takesPart(user) && EARNER_RECORDS.includes(path)) return paths.simulatedNavigation.path;
  if (path === paths.root.path) return paths.home.path;
  return null;
}

/** A user without a nickname must choose one before using the app. */
export function needsNickname(user: Pick<SessionUser, 'nick_name'>): boolean {
  return !user.nick_name?.trim();
}

/**
 * The month's "¡Nuevo contenido!" prompt on /home is for agents who earn points: not staff,
 * not a supervisor browsing as an agent (who may not earn), not before the nickname is set.
 */
export function showsNewContentPrompt(user: Pick<SessionUser, 'perfil' | 'nick_name'>, impersonating: boolean): boolean {
  return takesPart(user) && !impersonating && !needsNickname(user);
}

/**
 * After a successful sign-in (Google or SSO): admin to simulated navigation, LATAM straight to
 * the only screen it may use, everyone else home.
 */
export function loginLanding(user: Pick<SessionUser, 'perfil'>): string {
  const profile = normalizeProfile(user.perfil);
  if (profile === 'admin') return paths.simulatedNavigation.path;
  if (profile === 'LATAM') return paths.orderSummary.path;
  return paths.home.path;
}

/** An already signed-in visitor of /login: INTERNO/PLATAFORMA to simulated navigation, others home. */
export function signedInLoginRedirect(user: Pick<SessionUser, 'perfil'>): string {
  return isInternoOrPlataforma(user.perfil) ? paths.simulatedNavigation.path : paths.home.path;
}

export interface MenuItem {
  label: string;
  href: string;
  /** Path prefixes for which this item is the current one. */
  matches: readonly string[];
  /** Staff screens, grouped apart under their own heading. */
  staff?: true;
}

const item = (label: string, href: string, matches: readonly string[] = [href]): MenuItem => ({ label, href, matches });
const staffItem = (label: string, href: string, matches: readonly string[] = [href]): MenuItem => ({ ...item(label, href, matches), staff: true });

/** What the menu reads of the user; the e-mail decides the user import. */
export type MenuUser = AccessUser & { email?: string | null };

/**
 * The dropdown menu (spec 2, "Navigation menu"), in order: every screen the user may open,
 * by the same rules the screens apply (one source of truth). LATAM sees only Salir.
 * "Mis ingresos" (spec: brand 2) is for brand-2 agents only: staff never earn, so theirs would
 * always be empty (issue 38). A brand-1 agent's is "Tus IMPs": when their IMPs lapse (issue 39). "Catálogo Premios" and "Mis Premios" are links the spec shows
 * without a place in the menu: we list them for brand-2 agents too, the only users they serve. Staff screens
 * (simulated navigation, Seguimiento, order summary, ranking downloads, user import) follow, before Salir.
 * The corporate domain is configuration; until it is known, the import is left out.
 */
export function menuItems(user: MenuUser, corporateDomain?: string | null): MenuItem[] {
  const logout = item('Salir', paths.logout.path);
  if (normalizeProfile(user.perfil) === 'LATAM') return [logout];
  const brand2 = user.marca_id === 2;
  const agent = takesPart(user);
  return [
    item('Inicio', paths.home.path),
    item('Atributos', paths.attributes.path, [paths.attributes.path, '/dashboard', '/cuestionario']),
    item('Ranking', paths.ranking.getHref('accesible'), ['/ranking']),
    item('Reglas servicio +impecable', paths.rules.path),
    item('Álbum de fotos', paths.album.path),
    ...(brand2 && agent ? [item('Mis ingresos', paths.history.path), item('Catálogo Premios', paths.catalogue.path), item('Mis Premios', paths.orders.path)] : []),
    // Brand 1 redeems at Ring Ring; its income screen shows what of its IMPs lapses next (issue 39).
    ...(user.marca_id === 1 && agent ? [item('Tus IMPs', paths.history.path)] : []),
    ...(hasSimulatedNavigation(user.perfil) ? [staffItem('Navegación simulada', paths.simulatedNavigation.path)] : []),
    ...(canSeeCoaching(user.perfil) ? [staffItem('Seguimiento', paths.coaching.path)] : []),
    ...(canSeeOrderSummary(user.perfil) ? [staffItem('Resumen de pedidos', paths.orderSummary.path)] : []),
    ...(canDownloadRankings(user.perfil) ? [staffItem('Descarga Ranking', paths.rankingDownloads.path)] : []),
    ...(canImportUsers(user, corporateDomain) ? [staffItem('Importar usuarios', paths.importUsers.path)] : []),
    ...(canEditProgramme(user.perfil) ? [staffItem('Programa', paths.programme.getHref(), ['/programa'])] : []),
    logout,
  ];
}

/** The href of the menu item for the current page, if any. */
export function activeMenuHref(items: readonly MenuItem[], pathname: string): string | null {
  const path = normalizePath(pathname);
  const found = items.find((i) => i.matches.some((m) => path === m || path.startsWith(`${m}/`)));
  return found?.href ?? null;
}

/**
 * The orange "Estás navegando como {nick_name}" banner (spec 2): shown while impersonating
 * ("salir" restores the supervisor), and to INTERNO/PLATAFORMA anywhere but
 * /navegacion-simulada ("salir" only goes back there). Null: no banner.
 */
export function navigationBanner(
  user: Pick<SessionUser, 'perfil' | 'nick_name' | 'name'> | null,
  impersonating: boolean,
  pathname: string,
): { nickName: string; restores: boolean } | null {
  if (!user) return null;
  const nickName = user.nick_name?.trim() || user.name;
  if (impersonating) return { nickName, restores: true };
  if (isInternoOrPlataforma(user.perfil) && normalizePath(pathname) !== paths.simulatedNavigation.path) {
    return { nickName, restores: false };
  }
  return null;
}

/** Header balance: brand 1 shows IMPs and Ring Ring points as one figure. */
export function headerBalance(user: Pick<SessionUser, 'marca_id'>, imps: Pick<ImpsResponse, 'imps' | 'puntos_ring_ring'>): number {
  return user.marca_id === 1 ? imps.imps + imps.puntos_ring_ring : imps.imps;
}

/** The unit after the header balance. */
export function balanceUnit(user: Pick<SessionUser, 'marca_id'>): string {
  return user.marca_id === 1 ? 'IMPs+Rings' : 'IMPs';
}
