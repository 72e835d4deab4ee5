// The band check of the current attribute: who holds a prize position of their site's monthly
// ranking now, against who held one at the last check; whoever dropped out is told (once a
// day at most: the event key carries the programme day). Reads at most 15 agents per site
// through the site index (prize tiers never reach further), never one query per agent; the
// members are replaced in the notices' transaction, so a second instance finds nothing left.
import { sql, type Kysely } from 'kysely';
import { currentAttribute, type CalendarEntry } from '#domain/calendar';
import { agentsWhoLeftBand, inPrizeBand, notificationEventKeys, notificationText, type SitePlace } from '#domain/notifications';
import { MAX_FIRST_PRIZES } from '#domain/ranking';
import type { Database } from '#server/db/schema';
import { ORDER } from '#server/modules/rankings/ranking-sql';
import { inTransaction, notify } from './notify.ts';

type Db = Kysely<Database>;

/** Site prizes reach position 3 × 5 at most. */
const DEEPEST_PRIZE = 3 * MAX_FIRST_PRIZES;

async function sitePlaces(db: Db, attributeId: number): Promise<SitePlace[]> {
  const { rows } = await sql<{ user_id: number; position: number; agents: number }>`
    SELECT t.user_id, t.position::int AS position, c.agents::int AS agents
    FROM sites st
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(sc.agents), 0) AS agents FROM ranking_score_counts sc
      WHERE sc.attribute_id = ${attributeId} AND sc.scope = 'plataforma' AND sc.scope_id = st.id
    ) c
    CROSS JOIN LATERAL (
      SELECT s.user_id, row_number() OVER (ORDER BY ${ORDER}) AS position
      FROM ranking_standings s
      WHERE s.attribute_id = ${attributeId} AND s.site_id = st.id AND s.points > 0
      ORDER BY ${ORDER}
      LIMIT ${DEEPEST_PRIZE}
    ) t
    WHERE c.agents > 0`.execute(db);
  return rows.map((r) => ({ userId: r.user_id, position: r.position, agents: r.agents }));
}

/** Tells the agents who left a prize band since the last check; returns how many were told. */
export async function checkPrizeBands(db: Db, calendar: readonly CalendarEntry[], now: Date): Promise<number> {
  const attribute = currentAttribute(calendar, now);
  return inTransaction(db, async (trx) => {
    if (!attribute) {
      await trx.deleteFrom('notification_band_members').execute();
      return 0;
    }
    // One check at a time, whichever instance runs it: the members are read and replaced under this lock.
    await sql`LOCK TABLE notification_band_members IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    const places = await sitePlaces(trx, attribute.id);
    const previous = await trx.selectFrom('notification_band_members').select('user_id').where('attribute_id', '=', attribute.id).execute();
    const left = agentsWhoLeftBand(previous.map((p) => p.user_id), places);
    let told = 0;
    if (left.length > 0) {
      told = await notify(trx, {
        kind: 'banda-perdida',
        eventKey: notificationEventKeys.bandLost(attribute.id, now),
        text: notificationText({ kind: 'banda-perdida', attribute }),
        recipients: sql`SELECT id AS user_id FROM users WHERE id IN (${sql.join(left)})`,
      }, now);
    }
    await trx.deleteFrom('notification_band_members').execute();
    const members = places.filter(inPrizeBand).map((p) => ({ attribute_id: attribute.id, user_id: p.userId }));
    for (let i = 0; i < members.length; i += 1_000) {
      await trx.insertInto('notification_band_members').values(members.slice(i, i + 1_000)).execute();
    }
    return told;
  });
}
