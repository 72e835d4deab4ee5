// Web Push in the service worker (issue 21): shows each pushed notice, adds it to the device's
// snapshot of the notification centre (#offline/pushed-notices, so the centre lists it offline), and on a tap brings an
// app window to the notice's screen. Shows a notification for every push (userVisibleOnly).
// Never fetches, never writes anything but the centre's existing snapshot, and never opens a
// URL outside the app's origin.
import { pushPayloadSchema, type PushPayload } from '#contract/notifications';
import { addPushedNotice } from '#offline/pushed-notices';
const ICON = '/icons/icon-192.png';
/** What a push that cannot be read shows (the browser would otherwise show its own text); a tap opens home, where the bell counts. */
const FALLBACK = { titulo: '+impecable', texto: 'Tienes un aviso nuevo.', url: '/' };

interface NoticeData {
  url: string;
  id: number | null;
}

/** The payload, or null when it is missing or not what the contract says. */
export function readPayload(data: { json(): unknown } | null): PushPayload | null {
  try {
    const parsed = pushPayloadSchema.safeParse(data?.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A path of the app, or the home page: a notice never sends the agent elsewhere. */
export function appUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return new URL('/', origin).href;
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? resolved.href : new URL('/', origin).href;
}

export async function handlePush(self: ServiceWorkerGlobalScope, data: PushMessageData | null): Promise<void> {
  const payload = readPayload(data);
  const shown = payload ?? FALLBACK;
  const noticeData: NoticeData = { url: shown.url, id: payload?.id ?? null };
  const stored = payload ? addPushedNotice(payload).catch((error: unknown) => console.warn('Could not store the notice', error)) : null;
  await self.registration.showNotification(shown.titulo, {
    body: shown.texto,
    icon: ICON,
    badge: ICON,
    // One notice per id: a repeated delivery replaces it instead of stacking a copy.
    tag: payload ? `aviso-${payload.id}` : 'aviso',
    data: noticeData,
  });
  await stored;
}

/** Focuses an app window and takes it to `url`, or opens one. */
export async function openFromNotice(self: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = windows.find((w) => w.focused) ?? windows[0];
  if (target) {
    const focused = await target.focus().catch(() => target);
    // navigate() works only on windows this worker controls; any other gets a new window.
    const moved = await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

export function registerPush(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('push', (event) => event.waitUntil(handlePush(self, event.data)));
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as Partial<NoticeData> | null;
    event.waitUntil(openFromNotice(self, appUrl(data?.url, self.location.origin)));
  });
}
