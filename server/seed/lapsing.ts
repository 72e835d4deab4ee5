// Expiry you can see (issue 39) in the demo: Bruno (brand 1) got a welcome prize of 120 IMPs 340
// days ago, still unspent, so it lapses in 25 days: Mis ingresos shows "120 IMPs caducan el …" for
// his IMPs part, and the first notification check tells him (the 30-day notice). A prize, not
// activity: rankings never count it.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { earn } from '#server/modules/points/movements';

const DAY = 86_400_000;
export const LAPSING_DEMO = { email: 'bruno@impecable.demo', amount: 120, daysAgo: 340 } as const;

export async function seedLapsingBatch(db: Kysely<Database>, now: Date): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('email', '=', LAPSING_DEMO.email).executeTakeFirst();
  if (!user) return;
  const at = new Date(now.getTime() - LAPSING_DEMO.daysAgo * DAY);
  await earn(db, {
    userId: user.id, amount: LAPSING_DEMO.amount, concept: 'Premio de bienvenida al programa', sourceKey: `welcome:${user.id}`,
    attributeId: null, kind: 'prize', occurredAt: at, receivedAt: at,
  });
}
