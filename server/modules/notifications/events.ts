// The event jobs of the notification centre, each idempotent (its notices are keyed per event
// and user, notify.ts): the hourly check (a new attribute's month or its Quiz 2 has opened,
// agents who left a prize band), the prizes of a paid month-end, and a coupon the reconcile
// job issued. The hourly check reschedules itself through a per-hour unique key, so n
// instances queue it once; its 03:00 UTC run also forgets old notices and finished pushes.
// Each programme day's first check also queues the lapse notices (issue 39, points/lapse-notices.ts).
// Never pushes anything itself: notify() queues the push jobs.
import { sql, type Kysely } from 'kysely';
import { calendarDay, type CalendarEntry } from '#domain/calendar';
import { dueCalendarEvents, NOTIFICATION_RETENTION_DAYS, notificationEventKeys, notificationText } from '#domain/notifications';
import { CALENDAR_COLUMNS, type Database } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { enqueueJob, purgeFinishedJobs, type JobHandler } from '#server/jobs/runner';
import { LAPSE_NOTICES_JOB, notifyLapsingImps } from '#server/modules/points/lapse-notices';
import { checkPrizeBands } from './band.ts';
import { COUPON_NOTICE_JOB, PRIZE_NOTICES_JOB } from './enqueue.ts';
import { inTransaction, notify, PUSH_SEND_JOB } from './notify.ts';

type Db = Kysely<Database>;

export const NOTIFICATION_CHECKS_JOB = 'notification-checks';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A finished push job is kept this long (its notice's unique key already stops a second one). */
const PUSH_JOB_RETENTION_DAYS = 7;
const PURGE_HOUR_UTC = 3;

export async function scheduleNotificationChecks(db: Db, runAt: Date): Promise<void> {
  await enqueueJob(db, { kind: NOTIFICATION_CHECKS_JOB, runAt, uniqueKey: `${NOTIFICATION_CHECKS_JOB}:${runAt.toISOString().slice(0, 13)}` });
}

async function calendarOf(db: Db): Promise<CalendarEntry[]> {
  return db.selectFrom('attributes').select(CALENDAR_COLUMNS).orderBy('id').execute();
}

/** Every agent: the audience of a calendar event (notify() keeps agents only). */
const everyone = sql`SELECT id AS user_id FROM users`;

/** New attributes and Quiz 2 openings due now; returns how many notices were stored. */
export async function notifyCalendarEvents(db: Db, now: Date): Promise<number> {
  let stored = 0;
  for (const { kind, attribute } of dueCalendarEvents(await calendarOf(db), now)) {
    const eventKey = kind === 'atributo-nuevo' ? notificationEventKeys.attributeOpened(attribute.id) : notificationEventKeys.quiz2Opened(attribute.id);
    stored += await inTransaction(db, (trx) => notify(trx, { kind, eventKey, text: notificationText({ kind, attribute }), recipients: everyone }, now));
  }
  return stored;
}

export async function runNotificationChecks(db: Db, now: Date): Promise<{ calendar: number; bands: number }> {
  const calendar = await notifyCalendarEvents(db, now);
  const bands = await checkPrizeBands(db, await calendarOf(db), now);
  return { calendar, bands };
}

/** Forgets notices past their retention, and finished jobs of this module. */
export async function purgeOldNotices(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('notifications').where('created_at', '<', new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY)).execute();
  await purgeFinishedJobs(db, [PUSH_SEND_JOB, NOTIFICATION_CHECKS_JOB], new Date(now.getTime() - PUSH_JOB_RETENTION_DAYS * DAY));
}

/** Each winner of a paid month-end, told the IMPs they got (site and brand prizes together). */
export async function notifyPrizes(db: Db, attributeId: number, now: Date): Promise<number> {
  const attribute = await db.selectFrom('attributes').select(['id', 'nombre']).where('id', '=', attributeId).executeTakeFirst();
  if (!attribute) return 0;
  const totals = await db.selectFrom('ranking_winners').select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('attribute_id', '=', attributeId).where('amount', '>', 0).groupBy('user_id').execute();
  // One notice per distinct amount (a handful): its recipients are the winners with that total.
  const amounts = [...new Set(totals.map((t) => Number(t.total)))];
  let stored = 0;
  await inTransaction(db, async (trx) => {
    for (const amount of amounts) {
      stored += await notify(trx, {
        kind: 'premio-acreditado',
        eventKey: notificationEventKeys.prizeCredited(attributeId),
        text: notificationText({ kind: 'premio-acreditado', attribute, amount }),
        recipients: sql`SELECT user_id FROM ranking_winners WHERE attribute_id = ${attributeId} AND amount > 0 GROUP BY user_id HAVING sum(amount) = ${amount}`,
      }, now);
    }
  });
  return stored;
}

/** The agent of an issued order with a coupon; nothing for any other order. */
export async function notifyCoupon(db: Db, orderId: number, now: Date): Promise<number> {
  const order = await db.selectFrom('orders').select(['id', 'user_id', 'nombre_producto']).where('id', '=', orderId)
    .where('status', '=', 'issued').where('code', 'is not', null).executeTakeFirst();
  if (!order) return 0;
  return inTransaction(db, (trx) => notify(trx, {
    kind: 'cupon-listo',
    eventKey: notificationEventKeys.couponReady(order.id),
    text: notificationText({ kind: 'cupon-listo', productName: order.nombre_producto }),
    recipients: sql`SELECT ${order.user_id}::int AS user_id`,
  }, now));
}

function numberField(payload: unknown, field: string): number {
  const value = (payload as Record<string, unknown> | null)?.[field];
  if (typeof value !== 'number') throw new Error(`notification job without ${field}`);
  return value;
}

/** The event jobs' handlers, by kind (server.ts registers them with the push job's). */
export function notificationEventHandlers({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Record<string, JobHandler> {
  return {
    [NOTIFICATION_CHECKS_JOB]: async () => {
      const now = clock();
      await runNotificationChecks(db, now);
      // What lapses in 30 and 7 days (issue 39): once a programme day, whichever check comes first.
      await enqueueJob(db, { kind: LAPSE_NOTICES_JOB, runAt: now, uniqueKey: `${LAPSE_NOTICES_JOB}:${calendarDay(now)}` });
      if (now.getUTCHours() === PURGE_HOUR_UTC) await purgeOldNotices(db, now);
      await scheduleNotificationChecks(db, new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR + 60_000));
    },
    [PRIZE_NOTICES_JOB]: async (payload) => {
      await notifyPrizes(db, numberField(payload, 'attributeId'), clock());
    },
    [LAPSE_NOTICES_JOB]: async () => {
      await notifyLapsingImps(db, clock());
    },
    [COUPON_NOTICE_JOB]: async (payload) => {
      await notifyCoupon(db, numberField(payload, 'orderId'), clock());
    },
  };
}
