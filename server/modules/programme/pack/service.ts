// The programme pack: export the whole programme as one .zip, and import one into an empty
// programme, all or nothing. `writePack` is the one way a pack's content enters the database:
// the import route and the demo seed both call it, inside their own transaction.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { calendarDay } from '#domain/calendar';
import {
  PACK_FORMAT, PACK_MANIFEST, PACK_MEDIA_FOLDER, PACK_VERSION, packCountText, packFileName,
  type PackCounts, type PackImportResponse,
} from '#contract/programme-pack';
import type { Database } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { mediaKeyOfUrl, type MediaStore } from '#server/media/store';
import type { ProgrammeEditor } from '../access.ts';
import { recordChange } from '../audit.ts';
import type { PackProblem } from '../pack-section.ts';
import { openPackArchive, writePackArchive } from './archive.ts';
import { existingContent, programmeInventory } from './inventory.ts';
import type { AnyPackSection } from './sections.ts';

export const NOT_EMPTY = 'Solo se puede importar un paquete en un programa vacío';
export const HAS_PROBLEMS = 'El paquete tiene problemas: no se ha importado nada';
export const MISSING_MEDIA = 'Falta un archivo multimedia en el almacén: no se puede exportar';

/** Any fixed number: the lock two imports at once take, so only one finds the programme empty. */
const PACK_LOCK = 35_0029;

/** The data of each section of a pack, checked, and the media-store files it references. */
export interface ParsedPack {
  sections: { section: AnyPackSection; data: unknown }[];
  /** Media keys (`<sha256>.<ext>`) and the sections that reference each. */
  media: Map<string, string[]>;
}

/** A media file a pack brings, once it is in the store. */
export interface PackMediaFile {
  key: string;
  contentType: string;
  size: number;
}

export interface PackDeps {
  db: Kysely<Database>;
  media: MediaStore;
  sections: readonly AnyPackSection[];
  clock: () => Date;
}

const refused = (status: number, message: string, problemas: PackProblem[]) => new HttpError(status, message, { problemas });

/** The media-store files a section's data references (other URLs, built-in art, are not carried). */
function mediaOf(parsed: ParsedPack['sections']): Map<string, string[]> {
  const media = new Map<string, string[]>();
  for (const { section, data } of parsed) {
    for (const url of section.media(data)) {
      const key = mediaKeyOfUrl(url);
      if (key === null) continue;
      const users = media.get(key) ?? [];
      if (!users.includes(section.name)) users.push(section.name);
      media.set(key, users);
    }
  }
  return media;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks programa.json: its format and version, then every section (all their problems, by item). */
export function parseManifest(manifest: unknown, sections: readonly AnyPackSection[]): ParsedPack | { problems: PackProblem[] } {
  if (!isRecord(manifest) || manifest.formato !== PACK_FORMAT) {
    return { problems: [{ item: PACK_MANIFEST, message: `No es un paquete del programa de +impecable (formato "${PACK_FORMAT}")` }] };
  }
  if (manifest.version !== PACK_VERSION) {
    const newer = typeof manifest.version === 'number' && manifest.version > PACK_VERSION;
    return { problems: [{ item: PACK_MANIFEST, message: newer
      ? `El paquete es de una versión más nueva (${manifest.version}) que la que esta aplicación lee (${PACK_VERSION}): actualiza la aplicación`
      : `Versión de paquete no admitida (esta aplicación lee la ${PACK_VERSION})` }] };
  }
  if (!isRecord(manifest.secciones)) return { problems: [{ item: PACK_MANIFEST, message: 'Faltan las secciones del programa ("secciones")' }] };
  const raw = manifest.secciones;
  const problems: PackProblem[] = [];
  const parsed: ParsedPack['sections'] = [];
  for (const section of sections) {
    if (!(section.name in raw)) {
      problems.push({ item: section.name, message: 'Falta esta sección en el paquete' });
      continue;
    }
    const result = section.parse(raw[section.name]);
    if ('problems' in result) problems.push(...result.problems);
    else parsed.push({ section, data: result.data });
  }
  const known = new Set(sections.map((s) => s.name));
  for (const name of Object.keys(raw)) {
    if (!known.has(name)) problems.push({ item: name, message: 'Sección desconocida: esta aplicación no sabe importarla' });
  }
  return problems.length > 0 ? { problems } : { sections: parsed, media: mediaOf(parsed) };
}

/** The answer's counts: the programme as it now is, and the media files the pack brought. */
async function countsOf(trx: Kysely<Database>, mediaCount: number): Promise<PackCounts> {
  return { ...(await programmeInventory(trx)), medios: mediaCount };
}

/**
 * Writes a checked pack into an empty programme, inside the caller's transaction (the import
 * route's, the demo seed's): indexes its media files (already in the store), writes every
 * section in order and records the change. A programme with content is a 409; a section's
 * problems a 422 (the caller's transaction then rolls everything back).
 */
export async function writePack(trx: Kysely<Database>, editor: ProgrammeEditor | null, pack: ParsedPack, media: readonly PackMediaFile[]): Promise<PackCounts> {
  // Two imports at once: the second waits here, then finds the programme no longer empty.
  await sql`SELECT pg_advisory_xact_lock(${PACK_LOCK})`.execute(trx);
  const existing = existingContent(await programmeInventory(trx));
  if (existing.length > 0) throw refused(409, NOT_EMPTY, existing);
  if (media.length > 0) {
    await trx.insertInto('media_files')
      .values(media.map((file) => ({ key: file.key, content_type: file.contentType, size: file.size, original_name: null })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  for (const { section, data } of pack.sections) {
    const problems = await section.write(trx, data);
    // Stop at the first section that fails: the next ones hang from it, their errors would be noise.
    if (problems.length > 0) throw refused(422, HAS_PROBLEMS, problems);
  }
  const counts = await countsOf(trx, media.length);
  await recordChange(trx, editor, {
    area: 'paquete', entity: 'programa', entityId: 'paquete', action: 'imported', before: null,
    after: { secciones: pack.sections.map((s) => s.section.name), resumen: counts },
  });
  return counts;
}

/** Rolls a dry run's transaction back once it has answered. */
class DryRunDone extends Error {
  constructor(readonly counts: PackCounts) {
    super('dry run');
  }
}

function summary(counts: PackCounts): string {
  const parts = (['atributos', 'videos', 'preguntas', 'productos', 'premios', 'medios'] as const)
    .filter((name) => counts[name] > 0).map((name) => packCountText(name, counts[name]));
  return parts.length > 0 ? parts.join(', ') : 'nada';
}

export function createPackService(deps: PackDeps) {
  return {
    /** The whole programme as a .zip stream, and its file name; a 500 before any byte if a referenced file is missing. */
    async exportPack(): Promise<{ fileName: string; stream: Readable }> {
      const now = deps.clock();
      // One snapshot: every section read in one transaction.
      const secciones = await deps.db.transaction().execute(async (trx) => {
        const read: Record<string, unknown> = {};
        for (const section of deps.sections) read[section.name] = await section.read(trx);
        return read;
      });
      const media = mediaOf(deps.sections.map((section) => ({ section, data: secciones[section.name] })));
      const keys = [...media.keys()].sort();
      for (const key of keys) {
        if ((await deps.media.size(key)) === null) throw new HttpError(500, `${MISSING_MEDIA} (${PACK_MEDIA_FOLDER}${key})`);
      }
      const manifest = { formato: PACK_FORMAT, version: PACK_VERSION, exportado: now.toISOString(), secciones };
      return { fileName: packFileName(calendarDay(now)), stream: writePackArchive(manifest, keys, deps.media, now) };
    },

    /**
     * Imports the pack saved at `path`: checked whole (manifest, sections, every media file's
     * bytes against its name), refused unless the programme is empty, its media stored, then
     * written in one transaction. `dryRun`: the same checks and the write rolled back; nothing stored.
     */
    async importPack(editor: ProgrammeEditor, path: string, options: { dryRun: boolean }): Promise<PackImportResponse> {
      const archive = await openPackArchive(path);
      try {
        const pack = parseManifest(archive.manifest, deps.sections);
        if ('problems' in pack) throw refused(422, HAS_PROBLEMS, pack.problems);

        const problems: PackProblem[] = [];
        const files: PackMediaFile[] = [];
        for (const [key, users] of pack.media) {
          const checked = await archive.checkMedia(key);
          if ('problem' in checked) problems.push({ item: `${PACK_MEDIA_FOLDER}${key}`, message: `${checked.problem} (lo usa: ${users.join(', ')})` });
          else files.push({ key, contentType: checked.contentType, size: checked.size });
        }
        if (problems.length > 0) throw refused(422, HAS_PROBLEMS, problems);

        // Before storing anything: a programme with content is refused at once (writePack checks again, locked).
        const existing = existingContent(await programmeInventory(deps.db));
        if (existing.length > 0) throw refused(409, NOT_EMPTY, existing);

        // Content-addressed: a file stored by an import that then fails is harmless (nothing points at it).
        if (!options.dryRun) for (const file of files) await deps.media.put(file.key, await archive.readMedia(file.key));

        let counts: PackCounts;
        try {
          counts = await deps.db.transaction().execute(async (trx) => {
            const written = await writePack(trx, editor, pack, files);
            if (options.dryRun) throw new DryRunDone(written);
            return written;
          });
        } catch (error) {
          if (!(error instanceof DryRunDone)) throw error;
          counts = error.counts;
        }
        const secciones = pack.sections.map((s) => s.section.name);
        return {
          success: true,
          comprobado: options.dryRun,
          message: options.dryRun ? `El paquete es correcto: importaría ${summary(counts)}` : `Programa importado: ${summary(counts)}`,
          resumen: counts,
          secciones,
        };
      } finally {
        archive.close();
      }
    },
  };
}

/** A temporary folder for one upload, removed with everything in it when `work` ends. */
export async function withTemporaryFolder<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'impecable-paquete-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
