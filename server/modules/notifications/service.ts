// Who may touch the notification centre and what it answers: only agents have notifications
// (staff get 403), each reads and marks only their own (another's id is a 404), preferences
// default to on, and a push subscription is stored for the caller's session (moved to them if
// the device was someone else's) and removed only by its owner. Impersonation sessions are
// refused every write by the auth plugin before this runs; sync credentials reach only the
// queued writes (routes.ts).
import {
  NOTIFICATION_KINDS, type AppNotification, type NotificationKind, type NotificationList, type NotificationPreferences, type PushSubscriptionBody,
} from '#contract/notifications';
import { mayBeNotified } from '#domain/notifications';
import type { AppDeps } from '#server/deps';
import type { UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { createNotificationsRepository, type NotificationRow } from './repository.ts';

export const AGENTS_ONLY = 'Los avisos son solo para agentes.';
export const NOT_FOUND = 'Aviso no encontrado';
export const BAD_SUBSCRIPTION = 'La suscripción de este dispositivo no es válida.';
export const SUBSCRIPTION_TAKEN = 'Esa suscripción pertenece a otro dispositivo.';
/** The largest id PostgreSQL's integer holds: a larger `hasta` means "all". */
const MAX_ID = 2_147_483_647;

function toNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id, tipo: row.kind as NotificationKind, titulo: row.title, texto: row.body, url: row.url,
    creado: row.created_at.toISOString(), leido: row.read_at !== null,
  };
}

const base64urlBytes = (value: string) => (/^[\w-]+=*$/.test(value) ? Buffer.from(value, 'base64url').length : 0);

/**
 * The push services browsers subscribe with (FCM for Chromium, Mozilla's autopush, Apple's and
 * Microsoft's). In production an endpoint must be https on the default port at one of them:
 * the server POSTs to it, so any other host (an internal name, `localhost.`, a public name
 * resolving to a private address) would make it a probe of the network behind it.
 */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/, /^([a-z0-9-]+\.)*push\.apple\.com$/, /^([a-z0-9-]+\.)*notify\.windows\.com$/];

/** Whether the server may POST to `endpoint`; outside production any http(s) URL (the local stand-in). */
export function isAllowedPushEndpoint(endpoint: string, production: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  if (!production) return true;
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

/** A subscription the server can use: an allowed endpoint, and keys web-push can encrypt with (a 65-byte P-256 point, a 16-byte auth secret). */
function isValidSubscription(body: PushSubscriptionBody, production: boolean): boolean {
  return isAllowedPushEndpoint(body.endpoint, production) && base64urlBytes(body.keys.p256dh) === 65 && base64urlBytes(body.keys.auth) === 16;
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
      if (!isValidSubscription(body, config.isProduction)) throw new HttpError(400, BAD_SUBSCRIPTION);
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
