// Avisos routes (issue 21, src/contract/notifications.ts): the list, marking read and the
// preferences (queued writes: idempotent, deliverable by a sync credential and by POST /sync),
// the VAPID public key (public: it only identifies this server to push services), and this
// device's push subscription (a plain call: subscribing needs the network anyway).
// The VAPID pair is read (or, the very first time, generated) when first asked for.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  markAllReadBodySchema, NOTIFICATION_PATHS, notificationListSchema, notificationPreferencesSchema, notificationWriteAnswerSchema,
  pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema,
} from '#contract/notifications';
import type { AppDeps } from '#server/deps';
import { HttpError } from '#server/http-error';
import { currentUser, SESSION_INVALID } from '#server/plugins/auth';
import { digitsOnly, replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createNotificationsService } from './service.ts';
import { createVapidSource } from './vapid.ts';

const idParams = z.object({ id: z.coerce.number().check(z.int(), z.minimum(1)) });
const done = { success: true as const };
const queuedWrite = { idempotent: true, allowSync: true };

export async function notificationsRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const notifications = createNotificationsService(deps);
  const vapid = createVapidSource(deps);

  api.get(NOTIFICATION_PATHS.list, { schema: { response: replies(notificationListSchema) } }, async (request) =>
    notifications.list(currentUser(request)));

  api.post(digitsOnly(NOTIFICATION_PATHS.markRead, 'id'), {
    config: queuedWrite, schema: { params: idParams, response: replies(notificationWriteAnswerSchema) },
  }, async (request) => {
    await notifications.markRead(currentUser(request), request.params.id);
    return done;
  });

  api.post(NOTIFICATION_PATHS.markAllRead, {
    config: queuedWrite, schema: { body: markAllReadBodySchema, response: replies(notificationWriteAnswerSchema) },
  }, async (request) => {
    await notifications.markAllRead(currentUser(request), request.body.hasta);
    return done;
  });

  api.get(NOTIFICATION_PATHS.preferences, { schema: { response: replies(notificationPreferencesSchema) } }, async (request) =>
    notifications.preferences(currentUser(request)));

  api.put(NOTIFICATION_PATHS.preferences, {
    config: queuedWrite, schema: { body: notificationPreferencesSchema, response: replies(notificationPreferencesSchema) },
  }, async (request) => notifications.savePreferences(currentUser(request), request.body));

  api.get(NOTIFICATION_PATHS.pushKey, { config: { auth: 'public' }, schema: { response: replies(pushKeySchema) } }, async () =>
    ({ vapid_public_key: (await vapid.keys()).publicKey }));

  api.post(NOTIFICATION_PATHS.pushSubscription, {
    schema: { body: pushSubscriptionSchema, response: replies(notificationWriteAnswerSchema) },
  }, async (request) => {
    if (!request.session) throw new HttpError(401, SESSION_INVALID);
    await notifications.subscribe(currentUser(request), request.session.id, request.body);
    return done;
  });

  api.delete(NOTIFICATION_PATHS.pushSubscription, {
    schema: { body: pushUnsubscribeSchema, response: replies(notificationWriteAnswerSchema) },
  }, async (request) => {
    await notifications.unsubscribe(currentUser(request), request.body.endpoint);
    return done;
  });
}
