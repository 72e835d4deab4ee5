// What one import row does to a user: the fields of a new user, or, for a stored one, only the
// fields whose value really changes (empty optional cells keep what is stored), and the
// values those fields had before, for the audit. Pure: no database, no rules about who may.
import type { ScopedUser } from '#domain/import-scope';
import type { ImportedUser } from '#domain/user-import';
import type { UserRow } from '#server/db/schema';
import type { Place } from './placement.ts';

/** Every field an import writes, and so every field the audit can record. */
export const IMPORTED_FIELDS = ['email', 'name', 'nick_name', 'role', 'perfil', 'division', 'brand_id', 'platform_id', 'site_id', 'puntos_ring_ring', 'time_factor'] as const;
type Field = (typeof IMPORTED_FIELDS)[number];
export type UserFields = Pick<UserRow, Field>;
export type FieldChanges = Partial<UserFields>;

export function newUserFields(user: ImportedUser, place: Place): UserFields {
  return {
    email: user.email, name: user.name, nick_name: user.nickName, role: user.role ?? 'agente', perfil: user.perfil ?? '',
    division: user.division, brand_id: user.brandId, platform_id: place.platformId, site_id: place.siteId,
    puntos_ring_ring: user.puntosRingRing ?? 0, time_factor: user.timeFactor ?? 1,
  };
}

/** The fields that differ from `stored`; name and brand are always given, a place only with a platform or site. */
export function fieldChanges(user: ImportedUser, place: Place, stored: UserRow): FieldChanges {
  const wanted: FieldChanges = { name: user.name, brand_id: user.brandId };
  if (user.nickName !== null) wanted.nick_name = user.nickName;
  if (user.role !== null) wanted.role = user.role;
  if (user.perfil !== null) wanted.perfil = user.perfil;
  if (user.division !== null) wanted.division = user.division;
  if (user.puntosRingRing !== null) wanted.puntos_ring_ring = user.puntosRingRing;
  if (user.timeFactor !== null) wanted.time_factor = user.timeFactor;
  if (user.platform !== null || user.site !== null) {
    wanted.platform_id = place.platformId;
    wanted.site_id = place.siteId;
  }
  return Object.fromEntries(Object.entries(wanted).filter(([field, value]) => stored[field as Field] !== value)) as FieldChanges;
}

/** The stored values of the fields in `changes`. */
export function valuesBefore(stored: UserRow, changes: FieldChanges): FieldChanges {
  return Object.fromEntries(Object.keys(changes).map((field) => [field, stored[field as Field]])) as FieldChanges;
}

/** What the scope rule reads of a user's fields. */
export function scopedUser(fields: Pick<UserFields, 'perfil' | 'brand_id' | 'platform_id' | 'puntos_ring_ring' | 'time_factor'>): ScopedUser {
  return { perfil: fields.perfil, brandId: fields.brand_id, platformId: fields.platform_id, puntosRingRing: fields.puntos_ring_ring, timeFactor: Number(fields.time_factor) };
}
