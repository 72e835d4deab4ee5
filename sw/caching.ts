// Run-time caching routes of the service worker (static art, catalogue, videos).
// Never caches personal API answers.
export function registerRuntimeCaching(): void {}
