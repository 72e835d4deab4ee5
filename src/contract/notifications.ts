import * as z from 'zod/mini';
import { NOTIFICATION_KINDS } from './notifications-constants';

export * from './notifications-constants';

// Avisos (beyond the spec, issue 21): the in-app notification centre, its preferences and the
// device's Web Push subscription. Paths after /api. Marking read and preferences are queued
// writes (outbox, Idempotency-Key); subscribing needs the network anyway and is a plain call.

export const notificationSchema = z.object({
  id: z.int().check(z.positive()),
  tipo: z.enum(NOTIFICATION_KINDS),
  titulo: z.string(),
  texto: z.string(),
  /** The app screen a tap opens (a path of the app, e.g. /ranking/3). */
  url: z.string(),
  creado: z.string(),
  leido: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET avisos: the newest 50, and how many of all are unread. */
export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  no_leidos: z.int().check(z.minimum(0)),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** The answer of a write without data of its own (mark read, subscribe, unsubscribe). */
export const notificationWriteAnswerSchema = z.object({ success: z.literal(true) });

/** POST avisos/leidos */
export const markAllReadBodySchema = z.object({ hasta: z.int().check(z.positive()) });

/** GET/PUT avisos/preferencias: every kind on or off (all on until the agent says otherwise). */
export const notificationPreferencesSchema = z.object({
  tipos: z.object({
    'atributo-nuevo': z.boolean(),
    'quiz2-abierto': z.boolean(),
    'premio-acreditado': z.boolean(),
    'banda-perdida': z.boolean(),
    'cupon-listo': z.boolean(),
    /** Optional: a device that predates it sends the others alone, and this one stays as it was. */
    'imps-caducan': z.optional(z.boolean()),
    /** Optional for the same reason (issue 39). */
    repaso: z.optional(z.boolean()),
  }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** GET avisos/push/clave: the application server key, base64url (RFC 8292). */
export const pushKeySchema = z.object({ vapid_public_key: z.string().check(z.minLength(1)) });

/** POST avisos/push/suscripcion: PushSubscription.toJSON(), as the browser gives it. */
export const pushSubscriptionSchema = z.object({
  // A plain pattern, not z.url: that check would weigh on every route's shared zod chunk. The
  // server parses the URL itself and refuses what a push service cannot be.
  endpoint: z.string().check(z.regex(/^https?:\/\/[^\s/?#]+/), z.maxLength(2048)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: z.string().check(z.minLength(1), z.maxLength(200)),
    auth: z.string().check(z.minLength(1), z.maxLength(100)),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** DELETE avisos/push/suscripcion */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(2048)) });

/** The decrypted payload of a push message: what the service worker shows and where a tap goes. */
export const pushPayloadSchema = z.object({
  id: z.int(),
  tipo: z.enum(NOTIFICATION_KINDS),
  titulo: z.string(),
  texto: z.string(),
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
