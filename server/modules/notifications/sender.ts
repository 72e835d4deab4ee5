// The push job: one notification to one device, with the Web Push protocol. web-push encrypts
// the payload (aes128gcm, RFC 8291) and signs the VAPID header (RFC 8292); the request goes to
// the subscription's own endpoint, as in production (fetch, so a plain-http stand-in works in
// tests). A push service's 404/410 means the subscription is gone: it is deleted. 429, 5xx and
// network errors throw, so the job runner retries with backoff; other refusals are logged, not
// retried. Never sends a notification whose kind the user has since switched off, nor to
// someone who is no longer an agent.
import { sql } from 'kysely';
import webpush from 'web-push';
import { pushPayloadSchema, type PushPayload } from '#contract/notifications';
import { PUSH_TTL_SECONDS } from '#domain/notifications';
import type { AppDeps } from '#server/deps';
import type { JobHandler } from '#server/jobs/runner';
import type { PushJobPayload } from './notify.ts';
import type { VapidSource } from './vapid.ts';

const PUSH_TIMEOUT_MS = 10_000;

interface Logger {
  warn(obj: object, msg: string): void;
}

export class PushRetryableError extends Error {}

function jobPayload(payload: unknown): PushJobPayload {
  const p = payload as Partial<PushJobPayload> | null;
  if (typeof p?.notificationId !== 'number' || typeof p.subscriptionId !== 'number') throw new Error('push job without ids');
  return { notificationId: p.notificationId, subscriptionId: p.subscriptionId };
}

export function pushSendHandler({ db }: Pick<AppDeps, 'db'>, vapid: VapidSource, logger?: Logger): JobHandler {
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
      throw new PushRetryableError(`push service unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (status === 404 || status === 410) {
      await db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).where('endpoint', '=', row.endpoint).execute();
      return;
    }
    if (status === 429 || status >= 500) throw new PushRetryableError(`push service answered ${status}`);
    if (status < 200 || status > 299) logger?.warn({ notificationId, subscriptionId, status }, 'push refused by the push service');
  };
}
