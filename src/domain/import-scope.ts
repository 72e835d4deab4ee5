// Who may create or change which user through the user import (decisions.md, "Sign-in"):
// nobody grants what they do not hold or touches a user outside their own scope. Pure: the
// importer and each row's user before and after in, a Spanish refusal (or null) out. Never
// reads the database; the server resolves placements and runs this inside the import.
import { normalizeProfile } from '#domain/profiles';

/** The importing supervisor, as stored. */
export interface Importer {
  id: number;
  perfil: string | null | undefined;
  brandId: number;
  platformId: number | null;
}

/** What the rule reads of a user: its profile, placement and Ring Ring points. */
export interface ScopedUser {
  perfil: string | null | undefined;
  brandId: number;
  platformId: number | null;
  puntosRingRing: number;
  /** Time accommodation (issue 39); missing reads as 1 (none). */
  timeFactor?: number;
}

/** One row of the file: the stored user (null when the row creates one) and the user it would leave. */
export interface ImportTarget {
  stored: (ScopedUser & { id: number }) | null;
  after: ScopedUser;
}

export const OWN_ROW = 'No puedes cambiar tu propio usuario con una importación';
export const NOT_AN_IMPORTER = 'Tu usuario no puede importar usuarios';
export const NO_PLATFORM = 'Tu usuario no tiene plataforma: no puedes importar agentes';
export const RING_RING_ADMIN_ONLY = 'Solo un admin puede cambiar los puntos Ring Ring';
export const TIME_FACTOR_ADMIN_ONLY = 'Solo un admin puede ampliar el tiempo de un agente (tiempo_adaptado)';
export const profileAdminOnly = (perfil: string) => `Solo un admin puede asignar el perfil ${perfil}`;

/** Whose agents a non-admin importer reaches: its brand, or its platform within its brand. */
type Reach = { kind: 'brand'; brandId: number } | { kind: 'platform'; brandId: number; platformId: number };

function reachOf(importer: Importer): Reach | 'all' | 'none' | 'no-platform' {
  const profile = normalizeProfile(importer.perfil);
  if (profile === 'admin') return 'all';
  if (profile === 'INTERNO') return { kind: 'brand', brandId: importer.brandId };
  if (profile === 'PLATAFORMA') {
    return importer.platformId === null ? 'no-platform' : { kind: 'platform', brandId: importer.brandId, platformId: importer.platformId };
  }
  return 'none';
}

function reaches(reach: Reach, user: ScopedUser): boolean {
  if (normalizeProfile(user.perfil) !== '' || user.brandId !== reach.brandId) return false;
  return reach.kind === 'brand' || user.platformId === reach.platformId;
}

const whose = (reach: Reach) => (reach.kind === 'brand' ? 'tu marca' : 'tu plataforma dentro de tu marca');

function outOfReach(reach: Reach): string {
  return `Solo puedes importar agentes de ${whose(reach)} (marca_id ${reach.brandId})`;
}

function storedOutOfReach(reach: Reach): string {
  return `Solo un admin puede cambiar a este usuario: no es un agente de ${whose(reach)}`;
}

/**
 * Null when `importer` may leave `target.after` in place of `target.stored`, else why not.
 * admin: anyone but itself. INTERNO: agents (empty perfil) of its brand, before and after.
 * PLATAFORMA: agents of its platform within its brand, before and after. Only admin sets a
 * staff profile, changes Ring Ring points (a new user's stored value is 0) or grants extended time.
 */
export function importScopeIssue(importer: Importer, target: ImportTarget): string | null {
  if (target.stored?.id === importer.id) return OWN_ROW;
  const reach = reachOf(importer);
  if (reach === 'all') return null;
  if (reach === 'none') return NOT_AN_IMPORTER;
  if (reach === 'no-platform') return NO_PLATFORM;
  // The stored user first: a staff user or one outside the reach is not touched at all.
  if (target.stored && !reaches(reach, target.stored)) return storedOutOfReach(reach);
  const profile = normalizeProfile(target.after.perfil);
  if (profile !== '') return profileAdminOnly(profile ?? String(target.after.perfil));
  if (target.after.puntosRingRing !== (target.stored?.puntosRingRing ?? 0)) return RING_RING_ADMIN_ONLY;
  if ((target.after.timeFactor ?? 1) !== (target.stored?.timeFactor ?? 1)) return TIME_FACTOR_ADMIN_ONLY;
  return reaches(reach, target.after) ? null : outOfReach(reach);
}
