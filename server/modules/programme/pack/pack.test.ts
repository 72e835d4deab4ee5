// Paquete del programa over HTTP, with the areas' real sections: the demo programme exported as a
// .zip and imported into a fresh, empty production-like database gives the same programme (every
// section's read()) and the same media files; hostile uploads and an import into a programme with
// content get a clear Spanish 4xx and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { PACK_FORMAT, PACK_VERSION } from '#contract/programme-pack';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { mediaKeyOfUrl } from '#server/media/store';
import { multipart } from '#test-support/server/import-files';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { NOT_A_ZIP, UNSAFE_PATH } from './archive.ts';
import { PACK_SECTIONS } from './sections.ts';
import { HAS_PROBLEMS, NOT_EMPTY } from './service.ts';
import { zipOf } from './test-zips.ts';

const NOW = new Date('2026-03-20T10:00:00Z');
const URL = '/api/programa/paquete';

let demo: TestContext;
let demoAdmin: string;
let empty: TestContext;
let emptyAdmin: string;

/** A fresh production-like database: migrated, no demo, one admin (as `npm run admin` leaves it). */
async function emptyProgramme(): Promise<TestContext> {
  const ctx = await createTestApp({ seed: false, now: NOW });
  await ctx.db.insertInto('brands').values({ id: 2, name: 'Marca 2' }).execute();
  await ctx.db.insertInto('users').values({ email: 'operadora@cliente.example', name: 'Operadora', perfil: 'admin', role: 'admin', brand_id: 2 }).execute();
  return ctx;
}

beforeAll(async () => {
  demo = await createTestApp({ now: NOW });
  demoAdmin = await demo.signIn('admin@impecable.demo');
  empty = await emptyProgramme();
  emptyAdmin = await empty.signIn('operadora@cliente.example');
});
afterAll(async () => {
  await demo.close();
  await empty.close();
});

async function exportOf(ctx: TestContext, token: string): Promise<{ headers: Record<string, unknown>; zip: Buffer }> {
  const res = await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { headers: res.headers, zip: res.rawPayload };
}

function upload(ctx: TestContext, token: string, bytes: Buffer, query = '') {
  const { payload, headers } = multipart('programa.zip', bytes, 'application/zip');
  return ctx.app.inject({ method: 'POST', url: `${URL}${query}`, payload, headers: { ...headers, ...bearer(token) } });
}

/** The entries of a zip: name → bytes. */
async function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: false });
  const entries = new Map<string, Buffer>();
  for await (const entry of file.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  file.close();
  return entries;
}

/** Each section as it reads from the database. */
async function programmeOf(db: Kysely<Database>): Promise<Record<string, unknown>> {
  const read: Record<string, unknown> = {};
  for (const section of PACK_SECTIONS) read[section.name] = await section.read(db);
  return read;
}

/** What an import may touch: the programme's tables, the change log and the media index. */
async function stateOf(db: Kysely<Database>) {
  const tables = ['attributes', 'videos', 'quiz_questions', 'quiz_options', 'products', 'product_values', 'prize_tiers', 'media_files', 'content_changes'] as const;
  const state: Record<string, string> = {};
  for (const table of tables) state[table] = JSON.stringify(await db.selectFrom(table).selectAll().execute());
  return state;
}

describe('the export', () => {
  it('is the whole programme as one .zip download: programa.json with every section, and every media file it references', async () => {
    const { headers, zip } = await exportOf(demo, demoAdmin);
    expect(headers['content-type']).toBe('application/zip');
    expect(headers['content-disposition']).toBe('attachment; filename="programa-impecable-2026-03-20.zip"');
    expect(headers['cache-control']).toBe('no-store');
    const entries = await entriesOf(zip);
    const manifest = JSON.parse(entries.get('programa.json')?.toString() ?? '{}') as { formato: string; version: number; exportado: string; secciones: Record<string, unknown> };
    expect({ formato: manifest.formato, version: manifest.version, exportado: manifest.exportado }).toEqual({ formato: PACK_FORMAT, version: PACK_VERSION, exportado: NOW.toISOString() });
    expect(Object.keys(manifest.secciones)).toEqual(PACK_SECTIONS.map((s) => s.name));
    const referenced = PACK_SECTIONS.flatMap((s) => s.media(manifest.secciones[s.name])).map(mediaKeyOfUrl).filter((key) => key !== null);
    for (const key of referenced) expect(entries.get(`media/${key}`), key).toEqual(await demo.media.read(key));
  });
});

describe('the import', () => {
  it('refuses a programme that has content with 409, listing what it holds, and changes nothing', async () => {
    const { zip } = await exportOf(demo, demoAdmin);
    const before = await stateOf(demo.db);
    const res = await upload(demo, demoAdmin, zip);
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json() as { error: string; problemas: { item: string; message: string }[] };
    expect(body.error).toBe(NOT_EMPTY);
    expect(body.problemas.map((p) => p.message)).toContain('Ya tiene 9 vídeos');
    expect(await stateOf(demo.db)).toEqual(before);
  });

  it('hostile uploads: a non-zip named .zip, an empty file, a JSON body, an entry escaping with ../: a Spanish 4xx, nothing changed', async () => {
    const before = await stateOf(empty.db);
    const notZip = await upload(empty, emptyAdmin, Buffer.from('<html>no soy un zip</html>'));
    expect([notZip.statusCode, notZip.json()]).toEqual([415, { success: false, error: NOT_A_ZIP }]);
    const nothing = await upload(empty, emptyAdmin, Buffer.alloc(0));
    expect([nothing.statusCode, nothing.json()]).toEqual([415, { success: false, error: NOT_A_ZIP }]);
    const json = await empty.app.inject({ method: 'POST', url: URL, payload: { secciones: {} }, headers: bearer(emptyAdmin) });
    expect([json.statusCode, json.json()]).toEqual([415, { success: false, error: 'Envía el paquete como formulario (multipart/form-data) en el campo file' }]);
    const escaping = await upload(empty, emptyAdmin, await zipOf([{ name: 'programa.json', bytes: '{}' }, { name: '../../server/app.ts', bytes: 'x' }]));
    expect([escaping.statusCode, escaping.json()]).toEqual([422, { success: false, error: `${UNSAFE_PATH}: "../../server/app.ts"` }]);
    const otherFormat = await upload(empty, emptyAdmin, await zipOf([{ name: 'programa.json', bytes: '{"formato":"otro"}' }]));
    expect([otherFormat.statusCode, otherFormat.json()]).toEqual([422, { success: false, error: HAS_PROBLEMS, problemas: [
      { item: 'programa.json', message: 'No es un paquete del programa de +impecable (formato "impecable-programa")' },
    ] }]);
    expect(await stateOf(empty.db)).toEqual(before);
  });

  it('a check (?comprobar=1) of the demo pack into the empty programme answers what it would import and changes nothing', async () => {
    const { zip } = await exportOf(demo, demoAdmin);
    const before = await stateOf(empty.db);
    const res = await upload(empty, emptyAdmin, zip, '?comprobar=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, comprobado: true, secciones: PACK_SECTIONS.map((s) => s.name) });
    expect(await stateOf(empty.db)).toEqual(before);
  });

  it('imports the demo pack into the empty programme: the same programme, the same media files, one change recorded', async () => {
    const { zip } = await exportOf(demo, demoAdmin);
    const res = await upload(empty, emptyAdmin, zip);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { comprobado: boolean; resumen: Record<string, number> };
    expect(body.comprobado).toBe(false);
    expect(await programmeOf(empty.db)).toEqual(await programmeOf(demo.db));
    const keys = (await empty.db.selectFrom('media_files').select('key').execute()).map((r) => r.key);
    expect(keys.length).toBe(body.resumen.medios);
    for (const key of keys) expect(await empty.media.read(key), key).toEqual(await demo.media.read(key));
    const changes = await empty.db.selectFrom('content_changes').select(['area', 'action']).where('area', '=', 'paquete').execute();
    expect(changes).toEqual([{ area: 'paquete', action: 'imported' }]);
    // Exported again, the imported programme is the same pack (but for the moment it was exported).
    const again = await entriesOf((await exportOf(empty, emptyAdmin)).zip);
    const first = await entriesOf(zip);
    expect([...again.keys()].sort()).toEqual([...first.keys()].sort());
    expect(JSON.parse(again.get('programa.json')?.toString() ?? '').secciones).toEqual(JSON.parse(first.get('programa.json')?.toString() ?? '').secciones);
  });

  it('a second import into the now imported programme is refused with 409', async () => {
    const { zip } = await exportOf(demo, demoAdmin);
    const before = await stateOf(empty.db);
    const res = await upload(empty, emptyAdmin, zip);
    expect(res.statusCode).toBe(409);
    expect(await stateOf(empty.db)).toEqual(before);
  });
});
