// Who may touch the notification centre and what it answers: only agents have notifications
// (staff get 403), each reads and marks only their own (another's id is a 404), preferences
// default to on, and a push subscription is stored for the caller's session (moved to them if
// the device was someone else's) and removed only by its owner. A subscription is stored only
// with an endpoint at a browser's push service and keys a message can be encrypted with.
// Impersonation sessions are refused every write by the auth plugin before this runs; sync
// credentials reach only the queued writes (routes.ts).
import {
  NOTIFICATION_KINDS, type AppNotification, type NotificationKind, type NotificationList, type NotificationPreferences, type PushSubscriptionBody,
} from '#contract/notifications';
import { mayBeNotified } from '#domain/notifications';
import type { AppDeps } from '#server/deps';
import type { UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { arePushKeysValid, isAllowedPushEndpoint } from './push-target.ts';
import { createNotificationsRepository, type NotificationRow } from './repository.ts';

export const AGENTS_ONLY = 'Los avisos son solo para agentes.';
export const NOT_FOUND = 'Aviso no encontrado';
export const BAD_PUSH_ENDPOINT = 'Los avisos push solo se envían a los servicios de push de los navegadores (FCM, Mozilla, Apple, Windows) por https.';
export const BAD_PUSH_KEYS = 'Las claves de la suscripción no son válidas: p256dh debe ser una clave pública P-256 y auth, 16 bytes.';
export const SUBSCRIPTION_TAKEN = 'Esa suscripción pertenece a otro dispositivo.';
/** The largest id PostgreSQL's integer holds: a larger `hasta` means "all". */
const MAX_ID = 2_147_483_647;

function toNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id, tipo: row.kind as NotificationKind, titulo: row.title, texto: row.body, url: row.url,
    creado: row.created_at.toISOString(), leido: row.read_at !== null,
  };
}

export function createNotificationsService({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const repo = createNotificationsRepository(db);

  function agent(user: UserRow): UserRow {
    if (!mayBeNotified(user.perfil)) throw new HttpError(403, AGENTS_ONLY);
    return user;
  }

  async function preferences(user: UserRow): Promise<NotificationPreferences> {
    const saved = new Map((await repo.preferences(agent(user).id)).map((p) => [p.kind, p.enabled]));
    const tipos = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, saved.get(kind) ?? true])) as NotificationPreferences['tipos'];
    return { tipos };
  }

  return {
    async list(user: UserRow): Promise<NotificationList> {
      const { rows, unread } = await repo.list(agent(user).id);
      return { data: rows.map(toNotification), no_leidos: unread };
    },

    async markRead(user: UserRow, id: number): Promise<void> {
      if (id > MAX_ID || !(await repo.markRead(agent(user).id, id, clock()))) throw new HttpError(404, NOT_FOUND);
    },

    async markAllRead(user: UserRow, upTo: number): Promise<void> {
      await repo.markAllRead(agent(user).id, Math.min(upTo, MAX_ID), clock());
    },

    preferences,

    async savePreferences(user: UserRow, wanted: NotificationPreferences): Promise<NotificationPreferences> {
      await repo.savePreferences(agent(user).id, wanted.tipos);
      return preferences(user);
    },

    async subscribe(user: UserRow, sessionId: number, body: PushSubscriptionBody): Promise<void> {
      agent(user);
      if (!isAllowedPushEndpoint(body.endpoint, config.pushTestOrigin)) throw new HttpError(400, BAD_PUSH_ENDPOINT);
      if (!arePushKeysValid(body.keys)) throw new HttpError(400, BAD_PUSH_KEYS);
      const saved = await repo.saveSubscription({ userId: user.id, sessionId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
      // The endpoint is stored with other keys: not this browser's subscription, so it is not the caller's to take.
      if (!saved) throw new HttpError(409, SUBSCRIPTION_TAKEN);
    },

    // Any profile: someone who stopped being an agent (a staff import) may still take their own device off.
    async unsubscribe(user: UserRow, endpoint: string): Promise<void> {
      await repo.deleteSubscription(user.id, endpoint);
    },
  };
}
