// The origin's storage as a whole: how much the browser grants, and asking it to keep our
// data under storage pressure (persistent storage) once the app is installed or videos are
// downloaded. Owns those two browser calls; never fails: unsupported reads as unknown / no.

/** The browser's estimate of this origin's quota and usage; null where unsupported. */
export async function storageEstimate(): Promise<{ quota?: number | undefined; usage?: number | undefined } | null> {
  try {
    return (await navigator.storage?.estimate?.()) ?? null;
  } catch {
    return null;
  }
}

/**
 * Asks once that the browser not evict this origin's data (Chrome grants it to installed
 * apps, Firefox may ask the user, Safari decides by engagement). Resolves to whether the
 * storage is persistent now.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    const storage = navigator.storage;
    if (!storage?.persist) return false;
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
