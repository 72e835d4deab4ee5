// Installing the app: keeps Chrome's `beforeinstallprompt` for an "Instalar app" button,
// tells iOS Safari (which has no such event) apart, knows when the app runs installed, and
// asks for persistent storage once it is; the offer waits until the user has engaged with the
// page (engagedAtom). Must listen from start-up: the event may fire
// before any signed-in screen mounts. Never shows the browser's own banner by itself.
import { atom, getDefaultStore } from 'jotai';
import { requestPersistentStorage } from '#offline/storage';

/** Chrome's install event; not in TypeScript's DOM library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type InstallOption = 'installed' | 'prompt' | 'ios-instructions' | 'none';

const promptAtom = atom<BeforeInstallPromptEvent | null>(null);
const installedAtom = atom(false);

/** How long after the user first taps, types or scrolls (wheel or finger) the offer may appear. */
export const ENGAGED_DELAY_MS = 1_500;
/**
 * The user has started using the page: the install offer waits for it, so it never competes
 * with the screen's first paint, and never appears under a finger that is already tapping.
 */
export const engagedAtom = atom(false);

/** What the install control can offer on this browser right now. */
export const installOptionAtom = atom<InstallOption>((get) => {
  if (get(installedAtom)) return 'installed';
  if (get(promptAtom)) return 'prompt';
  return isIosSafariLike() ? 'ios-instructions' : 'none';
});

/** Running as the installed app (Android/desktop display-mode, or iOS home screen). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone/iPad browsers: install only through Share → "Añadir a pantalla de inicio". */
export function isIosSafariLike(): boolean {
  const ua = navigator.userAgent;
  const iPadAsMac = navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1;
  return /iphone|ipad|ipod/i.test(ua) || iPadAsMac;
}

let listening = false;

/** Starts listening once (idempotent). Call at start-up. */
export function listenForInstall(): void {
  if (listening) return;
  listening = true;
  const store = getDefaultStore();
  const markInstalled = () => {
    store.set(installedAtom, true);
    store.set(promptAtom, null);
    void requestPersistentStorage();
  };
  if (isStandalone()) markInstalled();
  window.matchMedia('(display-mode: standalone)').addEventListener('change', (event) => {
    if (event.matches) markInstalled();
  });
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chrome's mini-infobar away; the app offers its own button.
    event.preventDefault();
    store.set(promptAtom, event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', markInstalled);
  // What only a person does: a scroll the page makes itself (focus moving, a restored position) is not.
  const events = ['pointerdown', 'keydown', 'wheel', 'touchmove'] as const;
  const engage = () => {
    events.forEach((name) => window.removeEventListener(name, engage, true));
    setTimeout(() => store.set(engagedAtom, true), ENGAGED_DELAY_MS);
  };
  events.forEach((name) => window.addEventListener(name, engage, { capture: true, passive: true }));
}

/** Shows the browser's install dialog; the event can be used once, whatever the answer. */
export async function promptInstall(): Promise<void> {
  const store = getDefaultStore();
  const event = store.get(promptAtom);
  if (!event) return;
  store.set(promptAtom, null);
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') {
    store.set(installedAtom, true);
    void requestPersistentStorage();
  }
}
