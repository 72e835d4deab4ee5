// Who a profile (perfil) is, and where each user may go (spec sections 2 and 6): guard
// redirects, landings, the menu, the header's Canjear and balance. Pure and case-insensitive
// ("Profile comparison is case-insensitive"). Never touches I/O, storage or the router.
// Shared: the server uses the profile checks; the app uses the guard and menu rules.
import { PROFILES, type SessionUser } from '#contract/session';
import type { ImpsResponse } from '#contract/points';
import { isPublicPath, normalizePath, paths } from '#domain/paths';

export type Profile = (typeof PROFILES)[number] | '';

/** The canonical spelling of a profile, '' for a normal agent, null when unknown or missing. */
export function normalizeProfile(perfil: string | null | undefined): Profile | null {
  if (perfil === null || perfil === undefined) return null;
  const wanted = perfil.trim().toLowerCase();
  if (wanted === '') return '';
  return PROFILES.find((p) => p.toLowerCase() === wanted) ?? null;
}

/** GET ceck-admin: admin, INTERNO and PLATAFORMA see the administrative areas. */
export function isAdminProfile(perfil: string | null | undefined): boolean {
  const profile = normalizeProfile(perfil);
  return profile === 'admin' || profile === 'INTERNO' || profile === 'PLATAFORMA';
}

/**
 * Profiles that sign in on shared kiosks and impersonate agents: their sessions end after
 * the short supervisor idle time.
 */
export function isSupervisorProfile(perfil: string | null | undefined): boolean {
  return isAdminProfile(perfil);
}

/**
 * Profiles the app signs out after the supervisor idle time of no activity: admin, INTERNO,
 * PLATAFORMA and LATAM work on shared kiosks. Agents do not. While a supervisor browses as
 * an agent, pass the supervisor (the session's original user): they are at the keyboard.
 */
export function idleSignOutApplies(user: Pick<SessionUser, 'perfil'> | null): boolean {
  const profile = normalizeProfile(user?.perfil);
  return profile !== null && profile !== '';
}

/** Agents (empty profile) take part in rankings; every other profile does not. */
export function isAgentProfile(perfil: string | null | undefined): boolean {
  return normalizeProfile(perfil) === '';
}

/** INTERNO and PLATAFORMA: kept off / and /premios, offered the ranking downloads. */
export function isInternoOrPlataforma(perfil: string | null | undefined): boolean {
  const profile = normalizeProfile(perfil);
  return profile === 'INTERNO' || profile === 'PLATAFORMA';
}

/** The part of the user the navigation rules read. */
export type AccessUser = Pick<SessionUser, 'perfil' | 'marca_id'>;

export type GuardResult = string | null | 'logout';

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
  return isAgentProfile(user.perfil) && !impersonating && !needsNickname(user);
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
const staffItem = (label: string, href: string): MenuItem => ({ ...item(label, href), staff: true });

/** What the menu reads of the user; the e-mail decides the user import. */
export type MenuUser = AccessUser & { email?: string | null };

/**
 * The dropdown menu (spec 2, "Navigation menu"), in order: every screen the user may open,
 * by the same rules the screens apply (one source of truth). LATAM sees only Salir.
 * "Catálogo Premios" and "Mis Premios" are links the spec shows without a place in the menu:
 * we list them for brand-2 agents (empty perfil), the only users they serve. Staff screens
 * (simulated navigation, order summary, ranking downloads, user import) follow, before Salir.
 * The corporate domain is configuration; until it is known, the import is left out.
 */
export function menuItems(user: MenuUser, corporateDomain?: string | null): MenuItem[] {
  const logout = item('Salir', paths.logout.path);
  if (normalizeProfile(user.perfil) === 'LATAM') return [logout];
  const brand2 = user.marca_id === 2;
  const agent = isAgentProfile(user.perfil);
  return [
    item('Inicio', paths.home.path),
    item('Atributos', paths.attributes.path, [paths.attributes.path, '/dashboard', '/cuestionario']),
    item('Ranking', paths.ranking.getHref('accesible'), ['/ranking']),
    item('Reglas servicio +impecable', paths.rules.path),
    item('Álbum de fotos', paths.album.path),
    ...(brand2 ? [item('Mis ingresos', paths.history.path)] : []),
    ...(brand2 && agent ? [item('Catálogo Premios', paths.catalogue.path), item('Mis Premios', paths.orders.path)] : []),
    ...(hasSimulatedNavigation(user.perfil) ? [staffItem('Navegación simulada', paths.simulatedNavigation.path)] : []),
    ...(canSeeOrderSummary(user.perfil) ? [staffItem('Resumen de pedidos', paths.orderSummary.path)] : []),
    ...(canDownloadRankings(user.perfil) ? [staffItem('Descarga Ranking', paths.rankingDownloads.path)] : []),
    ...(canImportUsers(user, corporateDomain) ? [staffItem('Importar usuarios', paths.importUsers.path)] : []),
    logout,
  ];
}

/** The href of the menu item for the current page, if any. */
export function activeMenuHref(items: readonly MenuItem[], pathname: string): string | null {
  const path = normalizePath(pathname);
  const found = items.find((i) => i.matches.some((m) => path === m || path.startsWith(`${m}/`)));
  return found?.href ?? null;
}

export type CanjearAction = 'none' | 'catalogue' | 'partner-modal';

/** Header "Canjear": only for agents (empty perfil); brand 2 has the catalogue, others the partner site. */
export function canjearAction(user: AccessUser): CanjearAction {
  if (!isAgentProfile(user.perfil)) return 'none';
  return user.marca_id === 2 ? 'catalogue' : 'partner-modal';
}

/** Spec 6: normal users (empty perfil) see the balance and Canjear; other profiles do not earn IMPs. */
export function showsBalance(user: Pick<SessionUser, 'perfil'>): boolean {
  return isAgentProfile(user.perfil);
}

/** Header balance: brand 1 shows IMPs and Ring Ring points as one figure. */
export function headerBalance(user: Pick<SessionUser, 'marca_id'>, imps: Pick<ImpsResponse, 'imps' | 'puntos_ring_ring'>): number {
  return user.marca_id === 1 ? imps.imps + imps.puntos_ring_ring : imps.imps;
}

/** The unit after the header balance. */
export function balanceUnit(user: Pick<SessionUser, 'marca_id'>): string {
  return user.marca_id === 1 ? 'IMPs+Rings' : 'IMPs';
}

/** Simulated navigation (spec 2): admin, INTERNO and PLATAFORMA; the others see "No tienes acceso". */
export function hasSimulatedNavigation(perfil: string | null | undefined): boolean {
  return isAdminProfile(perfil);
}

/** Only INTERNO chooses a platform between brand and site (spec 2, "/navegacion-simulada"). */
export function usesPlatformStep(perfil: string | null | undefined): boolean {
  return normalizeProfile(perfil) === 'INTERNO';
}

/** Where a user works, as the impersonation rules read it. */
export interface Placement {
  perfil: string | null | undefined;
  brandId: number;
  platformId: number | null;
}

/** Whose agents a supervisor may browse as (decisions.md, "Sign-in"). */
export type ImpersonationScope =
  | { kind: 'all' }
  | { kind: 'brands'; brandIds: readonly number[] }
  | { kind: 'platforms'; brandId: number; platformIds: readonly number[] }
  | { kind: 'none' };

/**
 * admin: any agent; INTERNO: the agents of its brand(s); PLATAFORMA: the agents of its own
 * platform(s) within its own brand (a platform serves several brands: the other brands'
 * agents there are not its to see); anyone else: nobody. A PLATAFORMA with no platform
 * reaches nobody.
 */
export function impersonationScope(supervisor: Placement): ImpersonationScope {
  const profile = normalizeProfile(supervisor.perfil);
  if (profile === 'admin') return { kind: 'all' };
  if (profile === 'INTERNO') return { kind: 'brands', brandIds: [supervisor.brandId] };
  if (profile === 'PLATAFORMA') {
    return supervisor.platformId === null ? { kind: 'none' } : { kind: 'platforms', brandId: supervisor.brandId, platformIds: [supervisor.platformId] };
  }
  return { kind: 'none' };
}

/** Whether `scope` reaches `target`: only agents (empty perfil) can be impersonated. */
export function scopeReaches(scope: ImpersonationScope, target: Placement): boolean {
  if (!isAgentProfile(target.perfil)) return false;
  switch (scope.kind) {
    case 'all':
      return true;
    case 'brands':
      return scope.brandIds.includes(target.brandId);
    case 'platforms':
      return target.brandId === scope.brandId && target.platformId !== null && scope.platformIds.includes(target.platformId);
    case 'none':
      return false;
  }
}

/**
 * User import (spec 6): only e-mails of the corporate domain, case-insensitive. The domain
 * must follow the "@" (or be a subdomain of it): "x@notimpecable.demo" is not "impecable.demo".
 * Our addition: only staff profiles (admin, INTERNO, PLATAFORMA). In the demo every agent's
 * e-mail is on the corporate domain too, and an agent able to import could make anyone admin.
 */
export function canImportUsers(user: { email?: string | null; perfil?: string | null }, corporateDomain: string | null | undefined): boolean {
  if (!isAdminProfile(user.perfil)) return false;
  const address = (user.email ?? '').trim().toLowerCase();
  const domain = (corporateDomain ?? '').trim().toLowerCase().replace(/^@/, '');
  if (!domain || !address.includes('@')) return false;
  const host = address.slice(address.lastIndexOf('@') + 1);
  return host === domain || host.endsWith(`.${domain}`);
}

/** The LATAM order summary (/listado-peru, /descargar-listado-latam): LATAM and admin. */
export function canSeeOrderSummary(perfil: string | null | undefined): boolean {
  const profile = normalizeProfile(perfil);
  return profile === 'LATAM' || profile === 'admin';
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

/**
 * Ranking downloads (/descargar/ranking and its calls): INTERNO, PLATAFORMA (with the
 * sede/marca filter) and admin. Each sees the agents of its impersonationScope.
 */
export function canDownloadRankings(perfil: string | null | undefined): boolean {
  return isAdminProfile(perfil);
}

/** Only PLATAFORMA chooses sede or marca for the by-attribute download (spec 2). */
export function usesRankingDownloadFilter(perfil: string | null | undefined): boolean {
  return normalizeProfile(perfil) === 'PLATAFORMA';
}
