// What the device says about its connection. navigator.onLine === false is reliable (true
// is not: a captive Wi-Fi says true), so only "surely offline" is acted on.

export const OFFLINE_MESSAGE = 'Sin conexión. Inténtalo de nuevo cuando vuelvas a tener red.';

/** True only when the browser knows there is no network. */
export function surelyOffline(): boolean {
  return globalThis.navigator?.onLine === false;
}
