// What `http` (#api/http, on the boot path) and its ky instance (#api/http-client, loaded with
// the first call) share: the signals a call raises to the app, and what marks a failed call.
import type { HTTPError } from 'ky';

type Listener = () => void;

const unauthorizedListeners = new Set<Listener>();

/** Called when a request made with the session's token gets 401. Returns an unsubscribe. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const maintenanceListeners = new Set<Listener>();

/** Called when any call answers 503 with `maintenance: 1` (maintenance state 1). Returns an unsubscribe. */
export function onMaintenance(listener: Listener): () => void {
  maintenanceListeners.add(listener);
  return () => maintenanceListeners.delete(listener);
}

/** Tells the app a session's call was refused with 401 (it signs out). */
export function emitUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}

/** Tells the app the server is in maintenance. */
export function emitMaintenance(): void {
  for (const listener of maintenanceListeners) listener();
}

/**
 * No answer at all (offline, DNS, refused connection): fetch rejects with a TypeError then, and
 * with the abort reason when aborted. Marked where fetch is called, so a TypeError from a bug is
 * never mistaken for being offline.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** A failed answer's body, and what the contract makes of it. */
export interface ErrorBody {
  data: unknown;
  /** The body's Spanish `error` text when it has the contract's error shape. */
  message: string | null;
  /** A 503 of maintenance state 1. */
  maintenance: boolean;
}

/** Each failed answer's body, read once by the instance, for the error the caller gets. */
export const errorBodies = new WeakMap<HTTPError, ErrorBody>();
