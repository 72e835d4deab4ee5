import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, expect } from './fixtures';

// Server-side checks for end-to-end tests: what the server really recorded, read through
// the API with the user's own token (never through the page under test).

export const ACCESIBLE = 3;

export interface ApiVideo {
  id: number;
  title: string;
  is_hable: boolean;
  visto: boolean;
  porcentaje: number;
}

export const esNumber = (n: number) => new Intl.NumberFormat('es-ES').format(n);
export const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

export async function videosOf(request: APIRequestContext, token: string): Promise<ApiVideo[]> {
  const res = await request.get(`/api/video/atributo/${ACCESIBLE}`, auth(token));
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { videos: ApiVideo[] }).videos;
}

export async function impsOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/imps', auth(token));
  return ((await res.json()) as { imps: number }).imps;
}

/** The first candidate with an open Accesible video not seen yet, its API token and that video. */
export async function agentWithUnseenVideo(request: APIRequestContext, candidates: string[]) {
  for (const email of candidates) {
    const token = await apiSignIn(request, email);
    const video = (await videosOf(request, token)).find((v) => v.is_hable && !v.visto);
    if (video) return { email, token, video };
  }
  throw new Error(`None of ${candidates.join(', ')} has an unseen Accesible video`);
}

export interface DeviceStorage {
  cache: unknown[];
  outbox: { id: string; userId: number; path: string; status: string }[];
  meta: { key: string; value: unknown }[];
  localStorage: Record<string, string>;
  caches: string[];
}

/** Everything this origin keeps on the device: the Dexie tables, localStorage, Cache Storage. */
export function readDeviceStorage(page: Page): Promise<DeviceStorage> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('impecable');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        if (!db.objectStoreNames.contains(store)) return resolve([]);
        const req = db.transaction(store).objectStore(store).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    const [cache, outbox, meta] = await Promise.all([all('cache'), all('outbox'), all('meta')]);
    db.close();
    const local: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      local[key] = localStorage.getItem(key) ?? '';
    }
    return { cache, outbox, meta, localStorage: local, caches: await caches.keys() } as DeviceStorage;
  });
}
