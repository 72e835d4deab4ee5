// Two app instances on one database and one S3 bucket (real s3rver, real HTTP on free ports):
// a video uploaded through A (streamed to disk, stored by saveMediaFile into the bucket) is
// served by B, whole and by range, to a member whose cookie B itself set; B refuses it without
// a session, and after a sign-out on A. On PostgreSQL (TEST_DATABASE_URL) the two apps have
// pools of their own; on PGlite they share the one in-process database.
import { readdirSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAnswerSchema } from '#contract/programme-videos';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import type { Database } from '#server/db/schema';
import { invalidationsDelivered } from '#server/modules/auth/session-channel';
import { seedMinimal } from '#server/seed/index';
import { startTestS3, type TestS3 } from '#test-support/server/s3';
import { bearer, createTestApp, newTestSchema, type TestContext } from '#test-support/server/test-app';
import { demoMp4, form, mp4File } from '#test-support/server/video-files';
import { createS3MediaStore } from './s3-store.ts';

const NOW = new Date('2025-06-20T10:00:00Z');

async function sharedDatabase(): Promise<[Kysely<Database>, Kysely<Database>]> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const { db } = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrateToLatest(db);
    await seedMinimal(db, NOW);
    return [db, db];
  }
  const withSchema = await newTestSchema(url);
  const first = (await openDatabase({ databaseUrl: withSchema, dataDir: null })).db;
  await migrateToLatest(first);
  await seedMinimal(first, NOW);
  return [first, (await openDatabase({ databaseUrl: withSchema, dataDir: null })).db];
}

let s3: TestS3;
let a: TestContext;
let b: TestContext;
let dbB: Kysely<Database>;
let baseA: string;
let baseB: string;

beforeAll(async () => {
  s3 = await startTestS3();
  const [one, two] = await sharedDatabase();
  dbB = two;
  a = await createTestApp({ db: one, now: NOW, media: createS3MediaStore(s3.config) });
  b = await createTestApp({ db: two, now: NOW, media: createS3MediaStore(s3.config) });
  baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b.app.close();
  if (dbB !== a.db) await dbB.destroy();
  await a.close();
  await s3.stop();
});

/** The media cookie of a Set-Cookie header, as a browser would send it back. */
const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('impecable_media='))?.split(';')[0] ?? null;

describe('two instances, one bucket', () => {
  it('serves through B, to members only, a video uploaded through A', async () => {
    const admin = await a.signIn('admin@impecable.demo');
    const bytes = demoMp4('devalor-1');
    const body = form({ atributo_id: '3', title: 'Subido en A' }, [mp4File(bytes)]);
    const uploaded = await fetch(`${baseA}/api/programa/videos`, { method: 'POST', headers: { ...bearer(admin), ...body.headers }, body: new Uint8Array(body.payload) });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { video } = videoAnswerSchema.parse(await uploaded.json());
    // In the bucket, not in either app's folder.
    const key = video.url.slice('/media/u/'.length);
    expect(await createS3MediaStore(s3.config).size(key)).toBe(bytes.length);
    expect(readdirSync(a.mediaDir)).toEqual([]);
    expect(readdirSync(b.mediaDir)).toEqual([]);

    // Without a session, B gives nothing.
    const stranger = await fetch(`${baseB}${video.url}`);
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toEqual({ success: false, error: 'Inicia sesión para ver este contenido' });

    // A member's authenticated answer from B sets the cookie; with it, B serves the file.
    const ana = await a.signIn('ana@impecable.demo');
    const cookie = cookieOf(await fetch(`${baseB}/api/imps`, { headers: bearer(ana) }));
    expect(cookie).toBe(`impecable_media=${ana}`);
    const whole = await fetch(`${baseB}${video.url}`, { headers: { cookie: cookie! } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(`${baseB}${video.url}`, { headers: { cookie: cookie!, range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    // Signed out on A: refused on B as soon as the auth service's invalidation reaches it
    // (on PostgreSQL a NOTIFY, delivered after A's answer; on PGlite as the sign-out commits).
    const out = await fetch(`${baseA}/api/auth/logout`, { headers: { ...bearer(ana), cookie: cookie! } });
    expect(out.status).toBe(200);
    expect(cookieOf(out)).toBe('impecable_media=');
    await invalidationsDelivered(dbB);
    const after = await fetch(`${baseB}${video.url}`, { headers: { cookie: cookie! } });
    expect(after.status).toBe(401);
    expect(after.headers.get('content-range')).toBeNull();
  });
});
