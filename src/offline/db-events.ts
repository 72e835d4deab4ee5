// What the device database tells the page about other code: another tab (or a new service
// worker) upgraded its schema ('outdated'), or an old tab holds up our upgrade ('blocked').
// Owns the listeners only; db.ts emits. Apart from db.ts so screens can listen without
// importing the tables themselves. No window, localStorage or React here.

export type DatabaseEvent = 'outdated' | 'blocked';
const listeners = new Set<(event: DatabaseEvent) => void>();

/** Listen for 'outdated' (another tab upgraded the schema) and 'blocked' (an old tab holds it). */
export function onDatabaseEvent(listener: (event: DatabaseEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitDatabaseEvent(event: DatabaseEvent): void {
  for (const listener of listeners) listener(event);
}
