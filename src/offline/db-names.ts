// The names the device's IndexedDB database is known by outside Dexie: the database, the outbox's
// object store, and its index of rows by [status+seq]. db.ts declares its schema with them, and
// pending-rows.ts reads them with IndexedDB itself, so a check for queued work loads no Dexie.
// Nothing else here: this module must stay free of imports.

export const DB_NAME = 'impecable';
export const OUTBOX_STORE = 'outbox';
/** Dexie names a compound index after its key paths: the pending rows, in queue order. */
export const OUTBOX_STATUS_SEQ_INDEX = '[status+seq]';
