// The push job: one notification to one device, with the Web Push protocol. web-push encrypts
// the payload (aes128gcm, RFC 8291) and signs the VAPID header (RFC 8292); the request goes to
// the subscription's own endpoint (fetch, so the tests' plain-http stand-in works), only if it
// is one the server may push to (push-target.ts: a browser's push service), never following a
// redirect, and gives up after PUSH_TIMEOUT_MS. Push jobs run beside the runner's loop
// (jobs.ts), so a service that hangs holds up no other job.
// What a push service says decides what happens next:
// - 2xx: delivered.
// - 404/410: the subscription is gone: it is deleted. So is a stored row the server would never
//   push to (an endpoint elsewhere, keys that are no P-256 point: stored before the checks).
// - 429, 5xx, no answer within the timeout, a network error (a DNS failure too: these hosts are
//   the browsers' push services, so it is our network's trouble, not the subscription's): thrown,
//   and the job runner retries with backoff.
// - any other answer (4xx, a redirect): logged and not retried; trying again gets the same.
// Never sends a notification whose kind the user has since switched off, nor to someone who is
// no longer an agent.
import { sql } from 'kysely';
import webpush from 'web-push';
import { pushPayloadSchema, type PushPayload } from '#contract/notifications';
import { PUSH_TTL_SECONDS } from '#domain/notifications';
import type { AppDeps } from '#server/deps';
import type { JobHandler } from '#server/jobs/runner';
import type { PushJobPayload } from './notify.ts';
import { arePushKeysValid, isAllowedPushEndpoint } from './push-target.ts';
import type { VapidSource } from './vapid.ts';

/** A push service answers in well under a second; one that has not after this never will. */
export const PUSH_TIMEOUT_MS = 5_000;
/** Pushes in flight at once per process (jobs.ts): enough for an event's thousands, few sockets. */
export const PUSH_CONCURRENCY = 8;

interface Logger {
  warn(obj: object, msg: string): void;
}

export class PushRetryableError extends Error {}

function jobPayload(payload: unknown): PushJobPayload {
  const p = payload as Partial<PushJobPayload> | null;
  if (typeof p?.notificationId !== 'number' || typeof p.subscriptionId !== 'number') throw new Error('push job without ids');
  return { notificationId: p.notificationId, subscriptionId: p.subscriptionId };
}

export function pushSendHandler({ db, config }: Pick<AppDeps, 'db' | 'config'>, vapid: VapidSource, logger?: Logger): JobHandler {
  return async (raw) => {
    const { notificationId, subscriptionId } = jobPayload(raw);
    const row = await db.selectFrom('notifications as n')
      .innerJoin('push_subscriptions as s', 's.user_id', 'n.user_id')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['n.id', 'n.kind', 'n.title', 'n.body', 'n.url', 's.endpoint', 's.p256dh', 's.auth'])
      .where('n.id', '=', notificationId).where('s.id', '=', subscriptionId)
      // Still an agent (an import may have made them staff since): #domain/notifications mayBeNotified.
      .where(sql<boolean>`btrim(u.perfil) = ''`)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('notification_preferences as p').select('p.kind')
        .whereRef('p.user_id', '=', 'n.user_id').whereRef('p.kind', '=', 'n.kind').where('p.enabled', '=', false))))
      .executeTakeFirst();
    // The device unsubscribed (or moved to another user), or the kind was switched off: nothing to send.
    if (!row) return;
    const forget = () => db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).where('endpoint', '=', row.endpoint).execute();
    if (!isAllowedPushEndpoint(row.endpoint, config.pushTestOrigin) || !arePushKeysValid({ p256dh: row.p256dh, auth: row.auth })) {
      logger?.warn({ notificationId, subscriptionId }, 'push subscription the server never pushes to: removed, nothing sent');
      await forget();
      return;
    }
    const payload: PushPayload = pushPayloadSchema.parse({ id: row.id, tipo: row.kind, titulo: row.title, texto: row.body, url: row.url });
    const keys = await vapid.keys();
    const request = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: vapid.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)]));
    let status: number;
    try {
      const response = await fetch(request.endpoint, {
        method: 'POST', headers, body: new Uint8Array(request.body), redirect: 'manual', signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw new PushRetryableError(`push service did not answer within ${PUSH_TIMEOUT_MS} ms`);
      throw new PushRetryableError(`push service unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (status === 404 || status === 410) {
      await forget();
      return;
    }
    if (status === 429 || status >= 500) throw new PushRetryableError(`push service answered ${status}`);
    if (status < 200 || status > 299) logger?.warn({ notificationId, subscriptionId, status }, 'push refused by the push service');
  };
}
