// Who a profile (perfil) is and what it may do (spec sections 2 and 6): agents earn and spend
// IMPs, staff (admin, INTERNO, PLATAFORMA, LATAM) open their own screens. Case-insensitive
// ("Profile comparison is case-insensitive"). Shared: the server enforces these checks, the app
// shows or hides by them. Pure: never touches I/O, storage or the router, and never decides
// where a user is sent (navigation.ts) or whom a supervisor reaches (impersonation.ts).
import { PROFILES } from '#contract/session-constants';
import type { SessionUser } from '#contract/session';

export type Profile = (typeof PROFILES)[number] | '';

/** The part of the user the access rules read. */
export type AccessUser = Pick<SessionUser, 'perfil' | 'marca_id'>;

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

/** Agents (empty profile) earn and spend IMPs and take part in rankings; no other profile does. */
export function isAgentProfile(perfil: string | null | undefined): boolean {
  return normalizeProfile(perfil) === '';
}

/**
 * Whether the person on screen takes part as a learner and earner: watches to earn, takes the
 * quizzes, has progress, a balance, prizes within reach and an income history. Only agents do;
 * staff signed in as themselves see the programme and their own tools instead. Pass the
 * session's user: while a supervisor browses as an agent that is the agent, whose view the
 * supervisor sees (read-only, the server refuses the writes).
 */
export function takesPart(user: Pick<SessionUser, 'perfil'> | null | undefined): boolean {
  return user !== null && user !== undefined && isAgentProfile(user.perfil);
}

/** INTERNO and PLATAFORMA: kept off / and /premios, offered the ranking downloads. */
export function isInternoOrPlataforma(perfil: string | null | undefined): boolean {
  const profile = normalizeProfile(perfil);
  return profile === 'INTERNO' || profile === 'PLATAFORMA';
}

/** Spec 6: normal users (empty perfil) see the balance and Canjear; other profiles do not earn IMPs. */
export function showsBalance(user: Pick<SessionUser, 'perfil'>): boolean {
  return isAgentProfile(user.perfil);
}

export type CanjearAction = 'none' | 'catalogue' | 'partner-modal';

/** Header "Canjear": only for agents (empty perfil); brand 2 has the catalogue, others the partner site. */
export function canjearAction(user: AccessUser): CanjearAction {
  if (!isAgentProfile(user.perfil)) return 'none';
  return user.marca_id === 2 ? 'catalogue' : 'partner-modal';
}

/** Simulated navigation (spec 2): admin, INTERNO and PLATAFORMA; the others see "No tienes acceso". */
export function hasSimulatedNavigation(perfil: string | null | undefined): boolean {
  return isAdminProfile(perfil);
}

/** Only INTERNO chooses a platform between brand and site (spec 2, "/navegacion-simulada"). */
export function usesPlatformStep(perfil: string | null | undefined): boolean {
  return normalizeProfile(perfil) === 'INTERNO';
}

/** The LATAM order summary (/listado-peru, /descargar-listado-latam): LATAM and admin. */
export function canSeeOrderSummary(perfil: string | null | undefined): boolean {
  const profile = normalizeProfile(perfil);
  return profile === 'LATAM' || profile === 'admin';
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

/**
 * The back-office "Programa" (calendar, content, quizzes, catalogue, prizes, maintenance) is for
 * admin only: INTERNO and PLATAFORMA coach floors, they do not author the programme.
 */
export function canEditProgramme(perfil: string | null | undefined): boolean {
  return normalizeProfile(perfil) === 'admin';
}

/** Time accommodation (issue 39): only an admin grants an agent extended time (INTERNO and PLATAFORMA do not). */
export function canGrantExtraTime(perfil: string | null | undefined): boolean {
  return normalizeProfile(perfil) === 'admin';
}
