// The pack's container and import, with a test section that references media files and writes
// a real programme row (a prize tier), so every rule of the container is proven apart from the
// areas' own sections: a pack exported and imported into an empty database gives the same
// programme and the same files; a hostile or broken pack is refused with its problems listed by
// item, and the database and the media store are left as they were.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { PACK_FORMAT, PACK_MAX_ENTRIES, PACK_VERSION } from '#contract/programme-pack';
import type { Database } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { createFolderMediaStore, mediaKeyOf, mediaUrl, type MediaStore } from '#server/media/store';
import { closeTestDatabase, openTestDatabase } from '#test-support/server/test-app';
import type { ProgrammeEditor } from '../access.ts';
import type { PackProblem, PackSection } from '../pack-section.ts';
import { BROKEN_ZIP, ENCRYPTED, MANIFEST_NOT_JSON, NO_MANIFEST, TOO_BIG_UNCOMPRESSED, TOO_MANY_ENTRIES, UNSAFE_PATH } from './archive.ts';
import { createPackService, HAS_PROBLEMS, NOT_EMPTY, writePack, type PackMediaFile } from './service.ts';
import { declareEntryCount, declareSize, streamToBuffer, TINY_PNG, zipOf } from './test-zips.ts';

interface TestData {
  nombre: string;
  archivos: string[];
}

const SETTING = 'pack-prueba';

/** A section of the test: a name and media URLs, kept in settings, plus a prize tier so the programme is no longer empty. */
const testSection: PackSection<TestData> = {
  name: 'prueba',
  parse(raw) {
    const value = raw as Partial<TestData> | null;
    if (typeof value !== 'object' || value === null || typeof value.nombre !== 'string' || !Array.isArray(value.archivos)) {
      return { problems: [{ item: 'prueba', message: 'Forma no válida' }] };
    }
    const problems: PackProblem[] = value.archivos.flatMap((url, index) =>
      typeof url === 'string' && url.startsWith('/') ? [] : [{ item: `prueba › archivo ${index + 1}`, message: 'No es una dirección de archivo' }]);
    return problems.length > 0 ? { problems } : { data: { nombre: value.nombre, archivos: value.archivos } };
  },
  async read(db) {
    const row = await db.selectFrom('settings').select('value').where('key', '=', SETTING).executeTakeFirst();
    return (row?.value as TestData | undefined) ?? { nombre: '', archivos: [] };
  },
  media: (data) => data.archivos,
  async write(trx, data) {
    await trx.insertInto('prize_tiers').values({ applies_from: '2026-01', tier1: 300, tier2: 200, tier3: 100, brand: 100 }).execute();
    await trx.insertInto('settings').values({ key: SETTING, value: JSON.stringify(data) }).execute();
    return data.nombre === 'falla' ? [{ item: 'prueba › nombre', message: 'Este nombre no se puede escribir' }] : [];
  },
};
const SECTIONS = [testSection as PackSection<unknown>];

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
const PNG_KEY = mediaKeyOf(TINY_PNG, 'png');
const SVG_KEY = mediaKeyOf(SVG, 'svg');
const NOW = new Date('2026-11-28T12:00:00Z');

interface Side {
  db: Kysely<Database>;
  store: MediaStore;
  dir: string;
}

const temporary: string[] = [];
let target: Side;
let editor: ProgrammeEditor;

/** The admin importing (the change log names them). */
async function adminOf(db: Kysely<Database>): Promise<ProgrammeEditor> {
  await db.insertInto('brands').values({ id: 2, name: 'Marca 2' }).execute();
  const user = await db.insertInto('users').values({ email: 'admin@cliente.example', name: 'Admin', perfil: 'admin', role: 'admin', brand_id: 2 })
    .returningAll().executeTakeFirstOrThrow();
  return { user, ip: '127.0.0.1' };
}

async function openSide(): Promise<Side> {
  const dir = mkdtempSync(join(tmpdir(), 'pack-media-'));
  temporary.push(dir);
  return { db: await openTestDatabase(), store: createFolderMediaStore(dir), dir };
}

const serviceOf = (side: Side) => createPackService({ db: side.db, media: side.store, sections: SECTIONS, clock: () => NOW });

function saved(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pack-upload-'));
  temporary.push(dir);
  const path = join(dir, 'paquete.zip');
  writeFileSync(path, bytes);
  return path;
}

function manifest(secciones: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ formato: PACK_FORMAT, version: PACK_VERSION, exportado: NOW.toISOString(), secciones, ...extra });
}

const goodData: TestData = { nombre: 'Programa 2026', archivos: [mediaUrl(PNG_KEY), mediaUrl(SVG_KEY), '/art/valor.svg'] };

function goodPack(overrides: { data?: unknown; media?: Record<string, Buffer>; extra?: { name: string; bytes: Buffer | string }[] } = {}) {
  const media = overrides.media ?? { [PNG_KEY]: TINY_PNG, [SVG_KEY]: SVG };
  return zipOf([
    { name: 'programa.json', bytes: manifest({ prueba: overrides.data ?? goodData }) },
    ...Object.entries(media).map(([key, bytes]) => ({ name: `media/${key}`, bytes })),
    ...(overrides.extra ?? []),
  ]);
}

/** Everything an import may touch: the programme's tables, the change log, the media index and the store's files. */
async function stateOf(side: Side) {
  const rows = async (table: 'prize_tiers' | 'settings' | 'media_files' | 'content_changes' | 'attributes' | 'videos') =>
    JSON.stringify(await side.db.selectFrom(table).selectAll().execute());
  const files = readdirSync(side.dir, { recursive: true }).map(String).sort();
  return {
    prize_tiers: await rows('prize_tiers'), settings: await rows('settings'), media_files: await rows('media_files'),
    content_changes: await rows('content_changes'), attributes: await rows('attributes'), videos: await rows('videos'), files,
  };
}

/** The refusal of importing `bytes` into the target: its status, message and problems; and that nothing changed. */
async function refusal(bytes: Buffer, options = { filesStored: false }) {
  const before = await stateOf(target);
  const error = await serviceOf(target).importPack(editor, saved(bytes), { dryRun: false }).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  const after = await stateOf(target);
  // A refusal found while writing comes after the pack's files were stored: harmless, indexed nowhere.
  if (options.filesStored) expect({ ...after, files: [] }, 'the database is unchanged').toEqual({ ...before, files: [] });
  else expect(after, 'the database and the store are unchanged').toEqual(before);
  const refused = error as HttpError;
  return { status: refused.statusCode, error: refused.message, problemas: refused.extra.problemas as PackProblem[] | undefined };
}

beforeEach(async () => {
  target = await openSide();
  editor = await adminOf(target.db);
});
afterEach(async () => {
  await closeTestDatabase(target.db);
});
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('a pack exported and imported into an empty programme', () => {
  it('gives the same programme and the same media files, written in one change', async () => {
    // The source: its content written by the same writer, its files in its store.
    const source = await openSide();
    const files: PackMediaFile[] = [];
    for (const [key, bytes, type] of [[PNG_KEY, TINY_PNG, 'image/png'], [SVG_KEY, SVG, 'image/svg+xml']] as const) {
      await source.store.put(key, bytes);
      files.push({ key, contentType: type, size: bytes.length });
    }
    await source.db.transaction().execute((trx) => writePack(trx, null, { sections: [{ section: SECTIONS[0]!, data: goodData }], media: new Map() }, files));

    const exported = await serviceOf(source).exportPack();
    expect(exported.fileName).toBe('programa-impecable-2026-11-28.zip');
    const zip = await streamToBuffer(exported.stream);
    const answer = await serviceOf(target).importPack(editor, saved(zip), { dryRun: false });

    expect(answer).toMatchObject({ success: true, comprobado: false, secciones: ['prueba'], resumen: { premios: 1, medios: 2, videos: 0 } });
    expect(answer.message).toBe('Programa importado: 1 tabla de premios, 2 archivos multimedia');
    expect(await testSection.read(target.db)).toEqual(await testSection.read(source.db));
    expect(await target.store.read(PNG_KEY)).toEqual(TINY_PNG);
    expect(await target.store.read(SVG_KEY)).toEqual(SVG);
    const indexed = await target.db.selectFrom('media_files').select(['key', 'content_type', 'size']).orderBy('key').execute();
    expect(indexed).toEqual([{ key: PNG_KEY, content_type: 'image/png', size: TINY_PNG.length }, { key: SVG_KEY, content_type: 'image/svg+xml', size: SVG.length }].sort((a, b) => a.key.localeCompare(b.key)));
    const changes = await target.db.selectFrom('content_changes').select(['area', 'entity', 'action', 'actor_user_id']).execute();
    expect(changes).toEqual([{ area: 'paquete', entity: 'programa', action: 'imported', actor_user_id: editor.user.id }]);
    await closeTestDatabase(source.db);
  });

  it('a check (comprobar) answers what it would import and changes nothing', async () => {
    const before = await stateOf(target);
    const answer = await serviceOf(target).importPack(editor, saved(await goodPack()), { dryRun: true });
    expect(answer).toMatchObject({ success: true, comprobado: true, resumen: { premios: 1, medios: 2 } });
    expect(answer.message).toBe('El paquete es correcto: importaría 1 tabla de premios, 2 archivos multimedia');
    expect(await stateOf(target)).toEqual(before);
  });

  it('media files in the pack that nothing references are not stored', async () => {
    const stray = Buffer.from('WEBVTT\n\n');
    await serviceOf(target).importPack(editor, saved(await goodPack({ extra: [{ name: `media/${mediaKeyOf(stray, 'vtt')}`, bytes: stray }] })), { dryRun: false });
    expect(await target.store.read(mediaKeyOf(stray, 'vtt'))).toBeNull();
  });
});

describe('a pack refused, with nothing changed', () => {
  it('a media file whose bytes do not hash to its name (altered or corrupted)', async () => {
    const altered = Buffer.from(TINY_PNG);
    altered.writeUInt8(altered.readUInt8(altered.length - 5) ^ 0xff, altered.length - 5);
    const answer = await refusal(await goodPack({ media: { [PNG_KEY]: altered, [SVG_KEY]: SVG } }));
    expect(answer).toEqual({ status: 422, error: HAS_PROBLEMS, problemas: [
      { item: `media/${PNG_KEY}`, message: 'Su contenido no corresponde a su nombre (archivo alterado o dañado) (lo usa: prueba)' },
    ] });
  });

  it('a media file that is missing, and one whose content is not what its extension says', async () => {
    const fakePng = Buffer.from('no soy un png');
    const fakeKey = mediaKeyOf(fakePng, 'png');
    const data = { ...goodData, archivos: [mediaUrl(PNG_KEY), mediaUrl(SVG_KEY), mediaUrl(fakeKey)] };
    const answer = await refusal(await goodPack({ data, media: { [PNG_KEY]: TINY_PNG, [fakeKey]: fakePng } }));
    expect(answer.status).toBe(422);
    expect(answer.problemas).toEqual([
      { item: `media/${SVG_KEY}`, message: 'Falta en el paquete (lo usa: prueba)' },
      { item: `media/${fakeKey}`, message: 'Su contenido no es un archivo .png válido (lo usa: prueba)' },
    ]);
  });

  it('a bad item of a section, listed by item', async () => {
    const answer = await refusal(await goodPack({ data: { nombre: 'x', archivos: ['/media/u/a.png', 42, 'relativo.png'] } }));
    expect(answer).toEqual({ status: 422, error: HAS_PROBLEMS, problemas: [
      { item: 'prueba › archivo 2', message: 'No es una dirección de archivo' },
      { item: 'prueba › archivo 3', message: 'No es una dirección de archivo' },
    ] });
  });

  it('a problem found while writing rolls back everything written before it (the files it stored are indexed nowhere)', async () => {
    const answer = await refusal(await goodPack({ data: { ...goodData, nombre: 'falla' } }), { filesStored: true });
    expect(answer).toEqual({ status: 422, error: HAS_PROBLEMS, problemas: [{ item: 'prueba › nombre', message: 'Este nombre no se puede escribir' }] });
  });

  it('a programme that is not empty: 409 listing what it holds', async () => {
    await target.db.insertInto('prize_tiers').values({ applies_from: '2025-01', tier1: 1, tier2: 1, tier3: 1, brand: 1 }).execute();
    // Every database has the seven bare attributes (migration 0030); one of them gets content.
    await target.db.updateTable('attributes').set({ tagline: 'Lo resuelvo' }).where('id', '=', 2).execute();
    const answer = await refusal(await goodPack());
    expect(answer).toEqual({ status: 409, error: NOT_EMPTY, problemas: [
      { item: 'programa', message: 'Ya tiene 1 atributo con fechas o contenido' },
      { item: 'programa', message: 'Ya tiene 1 tabla de premios' },
    ] });
  });

  it('a bare calendar (attributes without dates or content) counts as empty', async () => {
    // Every database has the seven bare attributes (migration 0030).
    expect(await target.db.selectFrom('attributes').select('id').orderBy('id').execute()).toHaveLength(7);
    const answer = await serviceOf(target).importPack(editor, saved(await goodPack()), { dryRun: true });
    expect(answer.comprobado).toBe(true);
  });

  it('programa.json missing, not JSON, of another format, of a newer version, with a section missing or unknown', async () => {
    expect(await refusal(await zipOf([{ name: `media/${PNG_KEY}`, bytes: TINY_PNG }]))).toMatchObject({ status: 422, error: NO_MANIFEST });
    expect(await refusal(await zipOf([{ name: 'programa.json', bytes: '{"formato": ' }]))).toMatchObject({ status: 422, error: MANIFEST_NOT_JSON });
    expect((await refusal(await zipOf([{ name: 'programa.json', bytes: '{"formato": "otra-app", "version": 1}' }]))).problemas)
      .toEqual([{ item: 'programa.json', message: 'No es un paquete del programa de +impecable (formato "impecable-programa")' }]);
    expect((await refusal(await zipOf([{ name: 'programa.json', bytes: manifest({}, { version: 2 }) }]))).problemas)
      .toEqual([{ item: 'programa.json', message: 'El paquete es de una versión más nueva (2) que la que esta aplicación lee (1): actualiza la aplicación' }]);
    expect((await refusal(await zipOf([{ name: 'programa.json', bytes: manifest({ premios_extra: [] }) }]))).problemas).toEqual([
      { item: 'prueba', message: 'Falta esta sección en el paquete' },
      { item: 'premios_extra', message: 'Sección desconocida: esta aplicación no sabe importarla' },
    ]);
  });

  it('an entry that escapes the pack (../, absolute path, backslashes)', async () => {
    for (const name of ['../../etc/cron.d/x', 'media/../../fuera.png', '/etc/passwd', 'media\\..\\x']) {
      const answer = await refusal(await goodPack({ extra: [{ name, bytes: 'x' }] }));
      expect(answer, name).toEqual({ status: 422, error: `${UNSAFE_PATH}: ${JSON.stringify(name)}`, problemas: undefined });
    }
  });

  it('zip bombs: more entries than allowed, a total uncompressed size over the cap, an entry larger than it declares', async () => {
    const pack = await goodPack();
    expect(await refusal(declareEntryCount(pack, PACK_MAX_ENTRIES + 1))).toMatchObject({ status: 422, error: TOO_MANY_ENTRIES });
    const twoHuge = declareSize(declareSize(pack, `media/${PNG_KEY}`, 0xffff_fff0), `media/${SVG_KEY}`, 0xffff_fff0);
    expect(await refusal(twoHuge)).toMatchObject({ status: 422, error: TOO_BIG_UNCOMPRESSED });
    // programa.json claims 10 bytes and inflates to 3 MB: cut off, not read whole.
    const bomb = await zipOf([{ name: 'programa.json', bytes: `{"x":"${' '.repeat(3 * 1024 * 1024)}"}` }]);
    expect(await refusal(declareSize(bomb, 'programa.json', 10))).toMatchObject({ status: 422, error: BROKEN_ZIP });
    // A media file that inflates past what it declares is a broken file, not a stored one.
    const lying = declareSize(pack, `media/${SVG_KEY}`, 10);
    expect((await refusal(lying)).problemas).toEqual([{ item: `media/${SVG_KEY}`, message: 'El archivo está dañado dentro del paquete (lo usa: prueba)' }]);
  });

  it('an encrypted entry, and bytes that are not a zip at all', async () => {
    const pack = await goodPack();
    const encrypted = Buffer.from(pack);
    // General purpose bit 0 (encrypted) in programa.json's central header.
    const central = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(central + 8) | 1, central + 8);
    expect(await refusal(encrypted)).toMatchObject({ status: 422, error: ENCRYPTED });
    expect(await refusal(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]))).toMatchObject({ status: 422, error: BROKEN_ZIP });
  });
});
