// Avisos calls (issue 21): the notification centre, its preferences, and this device's Web Push
// subscription. Reads are parsed with the contract's schemas; marking read and the preferences
// are queued writes (features/notifications/commands.ts), not calls made from here.
// Subscribing needs the network anyway (the push service is remote too): plain calls.
import { NOTIFICATION_PATHS } from '#contract/notifications-constants';
import type { NotificationList, NotificationPreferences, PushSubscriptionBody } from '#contract/notifications';
import { apiPath, http, readJson, toApiRequestError } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/notifications');

export async function fetchNotifications(): Promise<NotificationList> {
  return readJson(http.get(apiPath(NOTIFICATION_PATHS.list)), contract, 'notificationListSchema');
}

export async function fetchNotificationPreferences(): Promise<NotificationPreferences> {
  return readJson(http.get(apiPath(NOTIFICATION_PATHS.preferences)), contract, 'notificationPreferencesSchema');
}

/** The server's VAPID public key (base64url), the applicationServerKey of pushManager.subscribe. */
export async function fetchPushKey(): Promise<string> {
  return (await readJson(http.get(apiPath(NOTIFICATION_PATHS.pushKey)), contract, 'pushKeySchema')).vapid_public_key;
}

/** Stores this device's subscription for the signed-in user. Throws ApiRequestError. */
export async function savePushSubscription(subscription: PushSubscriptionBody): Promise<void> {
  try {
    await http.post(apiPath(NOTIFICATION_PATHS.pushSubscription), { json: subscription });
  } catch (error) {
    throw toApiRequestError(error);
  }
}

/** Forgets this device's subscription on the server. Throws ApiRequestError. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  try {
    await http.delete(apiPath(NOTIFICATION_PATHS.pushSubscription), { json: { endpoint } });
  } catch (error) {
    throw toApiRequestError(error);
  }
}
