// The folder media store and saveMedia: content-addressed names, the same bytes stored once,
// whole files only, keys that cannot leave the folder.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { demoMp4 } from '#test-support/server/video-files';
import { isMediaKey } from '#contract/media-paths';
import { createFolderMediaStore, mediaKeyOf, mediaKeyOfUrl, mediaUrl, saveMedia } from './store.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-store-test-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const streamed = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe('the folder media store', () => {
  it('names a file by the sha-256 of its bytes and its extension, and keeps it whole', async () => {
    const store = createFolderMediaStore(dir);
    const bytes = demoMp4();
    const key = mediaKeyOf(bytes, 'mp4');
    expect(key).toBe(`${createHash('sha256').update(bytes).digest('hex')}.mp4`);
    await store.put(key, bytes);
    await store.put(key, bytes);
    expect((await store.read(key))?.equals(bytes)).toBe(true);
    expect(await store.size(key)).toBe(bytes.length);
    const opened = await store.open(key, { start: 4, end: 11 });
    expect(opened?.size).toBe(bytes.length);
    expect((await streamed(opened!.stream)).toString('latin1')).toBe('ftypisom');
    // One file, in its two-character folder, and no half-written leftovers.
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(files).toEqual([key]);
  });

  it('answers null for a file it does not hold', async () => {
    const store = createFolderMediaStore(dir);
    const absent = `${'0'.repeat(64)}.png`;
    expect(await store.read(absent)).toBeNull();
    expect(await store.size(absent)).toBeNull();
    expect(await store.open(absent)).toBeNull();
  });

  it.each(['../../etc/passwd', `${'a'.repeat(64)}.mp4/../x`, `${'A'.repeat(64)}.png`, `${'a'.repeat(63)}.png`, `${'a'.repeat(64)}`, `${'a'.repeat(64)}.toolong`])(
    'refuses the key %s',
    async (key) => {
      expect(isMediaKey(key)).toBe(false);
      await expect(createFolderMediaStore(dir).put(key, Buffer.from('x'))).rejects.toThrow();
    },
  );

  it('reads a key only from its own URLs', () => {
    const key = `${'c'.repeat(64)}.webp`;
    expect(mediaKeyOfUrl(mediaUrl(key))).toBe(key);
    expect(mediaKeyOfUrl('/media/clip.mp4')).toBeNull();
    expect(mediaKeyOfUrl('/media/u/../../secret.png')).toBeNull();
    expect(mediaKeyOfUrl(null)).toBeNull();
  });
});

describe('saveMedia', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('stores and indexes a file once, however often it is saved', async () => {
    const bytes = demoMp4('devalor-0');
    const first = await saveMedia(ctx.db, ctx.media, bytes, { contentType: 'video/mp4', extension: 'mp4', originalName: 'uno.mp4' });
    const again = await saveMedia(ctx.db, ctx.media, bytes, { contentType: 'video/mp4', extension: 'mp4', originalName: 'dos.mp4' });
    expect(again).toEqual(first);
    expect(first.url).toBe(`/media/u/${first.key}`);
    const rows = await ctx.db.selectFrom('media_files').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: first.key, content_type: 'video/mp4', size: bytes.length, original_name: 'uno.mp4' });
    expect((await ctx.media.read(first.key))?.equals(bytes)).toBe(true);
  });
});
