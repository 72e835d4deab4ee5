/// <reference lib="webworker" />
// The service worker: precaches the app shell so every route opens offline, caches static
// content and videos at run time (caching.ts), drains the outbox on Background Sync
// (background-sync.ts) and shows Web Push notices (push.ts). It never caches personal API
// data: that lives in Dexie snapshots.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerBackgroundSync } from './background-sync';
import { registerRuntimeCaching } from './caching';
import { registerPush } from './push';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the page that installed it at once, so art and videos are served
// from the first visit. Updates still wait for "Actualizar" (SKIP_WAITING below).
clientsClaim();

// Every in-app route is the same SPA document. API calls, and a video or art file opened
// in its own tab, are not app routes.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/(api|media|art)\//] }));

registerRuntimeCaching();
registerBackgroundSync(self);
registerPush(self);

self.addEventListener('message', (event) => {
  // The page asks a waiting worker to take over only when the user chose "Actualizar".
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
