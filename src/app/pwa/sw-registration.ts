// Registers the service worker (production builds only) and runs the update flow: a new
// worker waits until the user chooses "Actualizar"; then it takes over and the page reloads.
// Never reloads by itself, and never while a video, a quiz or a download is busy
// (#offline/busy): the choice is kept and applied when they finish. This file, with
// workbox-window, loads at idle (update-banner.tsx), not with the first paint.
import { getDefaultStore } from 'jotai';
import { Workbox } from 'workbox-window';
import { isBusy, whenIdle } from '#offline/busy';
import { updateStatusAtom, type UpdateStatus } from '#app/pwa/update-status.ts';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let started = false;
let reloadOnControl = false;

const store = () => getDefaultStore();
const setStatus = (status: UpdateStatus) => store().set(updateStatusAtom, status);

async function reloadWhenIdle(): Promise<void> {
  // Checked again after each wait: a hold taken as the last one went still counts.
  while (isBusy()) await whenIdle();
  window.location.reload();
}

/**
 * Starts the worker registration once (idempotent: StrictMode runs effects twice). Agents
 * keep the app open all day, so it also looks for a new version every hour and when the tab
 * comes back, while online.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  register(new Workbox('/sw.js', { scope: '/' }));
}

function register(wb: Workbox): void {
  workbox = wb;

  // Also fires on load when a worker was already waiting from an earlier visit.
  wb.addEventListener('waiting', () => {
    if (store().get(updateStatusAtom) === 'none') setStatus('waiting');
  });

  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) return;
    if (reloadOnControl) {
      void reloadWhenIdle();
      return;
    }
    // Another tab chose "Actualizar": this page's files are now out of date, so it offers
    // the reload instead of doing it under the user.
    if (store().get(updateStatusAtom) === 'none') setStatus('waiting');
  });

  void wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));

  const check = () => {
    if (navigator.onLine) void wb.update().catch(() => undefined);
  };
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

async function applyNow(): Promise<void> {
  setStatus('applying');
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration?.waiting && workbox) {
    reloadOnControl = true;
    workbox.messageSkipWaiting();
  } else {
    // Already activated (another tab): only this page is old.
    await reloadWhenIdle();
  }
}

/** The user chose "Actualizar": apply now, or as soon as nothing is busy. */
export async function applyUpdate(): Promise<void> {
  const status = store().get(updateStatusAtom);
  if (status === 'deferred' || status === 'applying') return;
  if (isBusy()) {
    setStatus('deferred');
    while (isBusy()) await whenIdle();
  }
  await applyNow();
}
