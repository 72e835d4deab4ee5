/// <reference lib="webworker" />
// The service worker: precaches the app shell so every route opens offline.
// It never caches personal API data (that lives in the user's Dexie snapshots).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app route is the same SPA document; API calls are never navigations.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

self.addEventListener('message', (event) => {
  // The page asks a waiting worker to take over only when the user chose "Actualizar".
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
