// The S3 media store against a real S3 endpoint (s3rver on a free port): put and putFile
// (one request, and multipart above 8 MB) keep every byte, a key already there is not sent
// again, open reads a byte range with the whole size, read and size, and a missing object is
// null as in the folder store.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '#test-support/server/s3';
import { demoMp4 } from '#test-support/server/video-files';
import { freePort, LISTENING, startServerProcess } from '#test-support/server/server-process';
import { assertMediaBucketReachable, createS3MediaStore, MediaBucketError } from './s3-store.ts';
import { mediaKeyOf, mediaKeyOfFile } from './store.ts';

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dir = mkdtempSync(join(tmpdir(), 's3-store-test-'));
});
afterAll(async () => {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

const streamed = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe('the S3 media store', () => {
  it('keeps bytes whole and reads a range of them with the whole size', async () => {
    const store = createS3MediaStore(s3.config);
    const bytes = demoMp4();
    const key = mediaKeyOf(bytes, 'mp4');
    await store.put(key, bytes);
    await store.put(key, bytes);
    expect((await store.read(key))?.equals(bytes)).toBe(true);
    expect(await store.size(key)).toBe(bytes.length);
    const range = await store.open(key, { start: 4, end: 11 });
    expect(range?.size).toBe(bytes.length);
    expect((await streamed(range!.stream)).toString('latin1')).toBe('ftypisom');
    const whole = await store.open(key);
    expect(whole?.size).toBe(bytes.length);
    expect((await streamed(whole!.stream)).equals(bytes)).toBe(true);
  });

  it.each([['in one request', 300_000], ['in parts (multipart above 8 MB)', 9 * 1024 * 1024 + 123]])('stores a file from disk %s', async (_, length) => {
    const store = createS3MediaStore(s3.config);
    const path = join(dir, `file-${length}`);
    const bytes = randomBytes(length);
    writeFileSync(path, bytes);
    const key = await mediaKeyOfFile(path, 'mp4');
    expect(key).toBe(mediaKeyOf(bytes, 'mp4'));
    await store.putFile(key, path);
    await store.putFile(key, path);
    expect(await store.size(key)).toBe(length);
    const tail = await store.open(key, { start: length - 1000, end: length - 1 });
    expect((await streamed(tail!.stream)).equals(bytes.subarray(length - 1000))).toBe(true);
    expect((await store.read(key))?.equals(bytes)).toBe(true);
  });

  it('answers null for an object the bucket does not hold, and refuses a key that is not one', async () => {
    const store = createS3MediaStore(s3.config);
    const absent = `${'0'.repeat(64)}.png`;
    expect(await store.read(absent)).toBeNull();
    expect(await store.size(absent)).toBeNull();
    expect(await store.open(absent)).toBeNull();
    expect(await store.open(absent, { start: 0, end: 3 })).toBeNull();
    await expect(store.put('../fuera.png', Buffer.from('x'))).rejects.toThrow(/no válida/);
  });

  it('throws other S3 errors as they are (a bucket that does not exist)', async () => {
    const store = createS3MediaStore({ ...s3.config, bucket: 'no-existe' });
    await expect(store.put(mediaKeyOf(Buffer.from('x'), 'png'), Buffer.from('x'))).rejects.toThrow();
  });
});

describe('the start-up check of the S3 media bucket (HeadBucket)', () => {
  it('passes for a bucket that exists with credentials it takes', async () => {
    await expect(assertMediaBucketReachable(s3.config)).resolves.toBeUndefined();
  });

  it('refuses a bucket that does not exist, naming it and the endpoint', async () => {
    const refused = assertMediaBucketReachable({ ...s3.config, bucket: 'no-existe' });
    await expect(refused).rejects.toBeInstanceOf(MediaBucketError);
    await expect(refused).rejects.toThrow(`no existe el bucket de medios "no-existe" en ${s3.config.endpoint}. Créalo o corrige MEDIA_S3_BUCKET`);
  });

  it('refuses credentials the service does not take', async () => {
    const refused = assertMediaBucketReachable({ ...s3.config, accessKeyId: 'OTRA', secretAccessKey: 'mala' });
    await expect(refused).rejects.toThrow(`S3 rechaza las credenciales para el bucket de medios "${s3.config.bucket}" en ${s3.config.endpoint}`);
    await expect(refused).rejects.toThrow(/MEDIA_S3_ACCESS_KEY_ID y MEDIA_S3_SECRET_ACCESS_KEY/);
  });

  it('says so when nothing answers at the endpoint', async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    await expect(assertMediaBucketReachable({ ...s3.config, endpoint })).rejects.toThrow(`no se pudo comprobar el bucket de medios "${s3.config.bucket}" en ${endpoint}`);
  });
});

describe('server.ts with MEDIA_S3_*', () => {
  const env = (bucket: string) => ({
    MEDIA_S3_BUCKET: bucket, MEDIA_S3_REGION: s3.config.region, MEDIA_S3_ENDPOINT: s3.config.endpoint ?? undefined, MEDIA_S3_FORCE_PATH_STYLE: 'true',
    MEDIA_S3_ACCESS_KEY_ID: s3.config.accessKeyId, MEDIA_S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
    HOST: '127.0.0.1', DIST_DIR: '/nonexistent-dist', LOG_LEVEL: 'warn',
    // No demo: an empty database stays empty, so the start is migrations only.
    DEMO_MODE: 'false', SSO_SECRET: 'secreto-de-prueba-de-al-menos-32-caracteres',
  });

  it('refuses to start when the bucket is missing: one Spanish line naming it and the endpoint, no stack trace, the data folder untouched', async () => {
    const dataDir = join(dir, 'sin-bucket');
    const server = startServerProcess({ ...env('no-existe'), DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await server.exited).toBe(1);
    const output = server.lines.join('\n');
    expect(output).toContain(`No se pudo arrancar el servidor: no existe el bucket de medios "no-existe" en ${s3.config.endpoint}. Créalo o corrige MEDIA_S3_BUCKET`);
    expect(output).not.toMatch(/^\s+at /m);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('starts when the bucket is there', { timeout: 120_000 }, async () => {
    const server = startServerProcess({ ...env(s3.config.bucket), DATA_DIR: join(dir, 'con-bucket'), PORT: String(await freePort()) });
    try {
      await server.waitFor(LISTENING, 'listening');
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
    }
  });
});
