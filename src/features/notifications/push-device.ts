// This device's Web Push subscription, page side: whether the browser can take one, opting in
// (permission, subscribe with the server's VAPID key, store it on the server) and out. The
// service worker shows what arrives (sw/push.ts); sign-out unsubscribes (#offline/session-lifecycle).
import { deletePushSubscription, fetchPushKey, savePushSubscription } from '#api/notifications';
import { pushSupported } from './push-support.ts';

export { pushSupported };

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';


async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration().catch(() => undefined);
}

/** This device's subscription, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await registration();
  return (await reg?.pushManager.getSubscription().catch(() => null)) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && (await deviceSubscription()) ? 'on' : 'off';
}

/** base64url → bytes: some browsers take only a BufferSource as applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/**
 * Opts this device in: asks the permission (must follow a tap), subscribes with the server's
 * key and stores the subscription. Throws an Error with Spanish text when it cannot.
 */
export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new Error('Este navegador no admite avisos.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Sin permiso para mostrar avisos: actívalo en los ajustes del navegador.');
  const reg = await registration();
  if (!reg) throw new Error('La aplicación aún se está instalando. Inténtalo en unos segundos.');
  let subscription = await reg.pushManager.getSubscription();
  if (!subscription) {
    const key = await fetchPushKey();
    try {
      subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    } catch (error) {
      throw new Error('No se pudieron activar los avisos en este dispositivo. Inténtalo más tarde.', { cause: error });
    }
  }
  const { pushSubscriptionSchema } = await import('#contract/notifications');
  const body = pushSubscriptionSchema.safeParse(subscription.toJSON());
  if (!body.success) throw new Error('Este navegador no admite avisos.');
  await savePushSubscription(body.data);
}

/** Opts this device out: the server forgets it, then the browser drops it (a later push would get 410). */
export async function disablePush(): Promise<void> {
  const subscription = await deviceSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint).catch((error: unknown) => console.warn('Could not delete the subscription', error));
  await subscription.unsubscribe();
}
