/** Notification and PushManager exist (iOS: only once installed to the home screen), and a service worker may run. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && 'serviceWorker' in navigator;
}
