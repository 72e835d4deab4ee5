// The device half of X-Occurred-At (the plugin clamps the claim into the session): a fact that
// earns or ranks (a video report, a quiz answer) is placed no earlier than the latest fact the
// server already placed from the same device (#domain/occurred-at notBefore), and that moment
// is remembered in device_clocks. A device is its sign-in: its 'sync' credential shares the
// full session's row, another device of the same user has its own. Call inside the fact's
// transaction, with that transaction, so a refused fact moves nothing.
import type { Kysely } from 'kysely';
import { notBefore } from '#domain/occurred-at';
import type { Database } from '#server/db/schema';

/**
 * Where the fact of `sessionId` claimed at `occurredAt` (already clamped) goes, never before
 * `floors` either; remembers it as the device's latest. Without a session (none is stored)
 * only the floors apply.
 */
export async function placeDeviceFact(
  db: Kysely<Database>, sessionId: number | null, occurredAt: Date, ...floors: readonly (Date | null)[]
): Promise<Date> {
  if (sessionId === null) return notBefore(occurredAt, ...floors);
  const device = await db.selectFrom('sessions as s')
    .leftJoin('device_clocks as c', (join) => join.on((eb) => eb('c.session_id', '=', eb.fn.coalesce('s.parent_session_id', 's.id'))))
    .select((eb) => [eb.fn.coalesce('s.parent_session_id', 's.id').as('id'), 'c.latest_at'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  if (!device) return notBefore(occurredAt, ...floors);
  const placed = notBefore(occurredAt, device.latest_at, ...floors);
  await db.insertInto('device_clocks').values({ session_id: device.id, latest_at: placed })
    .onConflict((oc) => oc.column('session_id').doUpdateSet((eb) => ({
      latest_at: eb.fn('greatest', [eb.ref('device_clocks.latest_at'), eb.ref('excluded.latest_at')]),
    })))
    .execute();
  return placed;
}
