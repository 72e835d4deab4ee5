// Background Sync: drains the outbox from the service worker.
export function registerBackgroundSync(_self: ServiceWorkerGlobalScope): void {}
