// Programa, "Calendario y atributos": reads the seven attributes with their state, and applies
// an operator's change (dates, switch, grace, texts, art) after #domain/programme-calendar's
// rules, in one transaction with its Historial de cambios row. A refused change writes nothing.
import type { Kysely } from 'kysely';
import type { ArtKind, ProgrammeAttribute } from '#contract/programme-calendar';
import { checkAttributeChange, FROZEN_MESSAGE, hasMonthStarted, monthState, settingsEqual, type AttributeSettings } from '#domain/programme-calendar';
import type { Database } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import type { MediaStore } from '#server/media/store';
import { saveMedia } from '#server/media/store';
import { MEDIA_TYPES, type MediaKind } from '#server/media/sniff';
import type { ProgrammeEditor } from '../access.ts';
import { recordChange } from '../audit.ts';
import { createCalendarRepository, type AttributeRecord } from './repository.ts';

export const ATTRIBUTE_NOT_FOUND = 'No existe ese atributo';

export function programmeAttribute(row: AttributeRecord, frozen: boolean, now: Date): ProgrammeAttribute {
  return { ...row, estado: monthState(row, now), congelado: frozen, iniciado: hasMonthStarted(row, now) };
}

const settingsOf = (row: AttributeRecord): AttributeSettings => ({
  nombre: row.nombre, enabled: row.enabled, month_start: row.month_start, month_end: row.month_end, quiz2_opens_at: row.quiz2_opens_at,
  sync_grace_hours: row.sync_grace_hours, color: row.color, tagline: row.tagline, definition: row.definition,
  personality: row.personality, language: row.language,
});

export function createCalendarService(deps: { db: Kysely<Database>; media: MediaStore; clock: () => Date }) {
  const { db } = deps;

  /** The attribute, locked with the rest of the calendar, or a 404; a frozen month answers 409. */
  async function editable(trx: Kysely<Database>, id: number): Promise<{ row: AttributeRecord; all: AttributeRecord[] }> {
    const repo = createCalendarRepository(trx);
    const all = await repo.list(true);
    const row = all.find((r) => r.id === id);
    if (!row) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
    if (await repo.isFrozen(id)) throw new HttpError(409, FROZEN_MESSAGE(row.nombre));
    return { row, all };
  }

  async function answer(trx: Kysely<Database>, id: number): Promise<ProgrammeAttribute> {
    const repo = createCalendarRepository(trx);
    const row = (await repo.list()).find((r) => r.id === id);
    if (!row) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
    return programmeAttribute(row, await repo.isFrozen(id), deps.clock());
  }

  return {
    async list(): Promise<ProgrammeAttribute[]> {
      const repo = createCalendarRepository(db);
      const [rows, frozen] = await Promise.all([repo.list(), repo.frozenIds()]);
      const now = deps.clock();
      return rows.map((row) => programmeAttribute(row, frozen.has(row.id), now));
    },

    /** A 404 before an upload is read, when the attribute does not exist. */
    async assertExists(id: number): Promise<void> {
      const row = await db.selectFrom('attributes').select('id').where('id', '=', id).executeTakeFirst();
      if (!row) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
    },

    async update(editor: ProgrammeEditor, id: number, requested: AttributeSettings): Promise<ProgrammeAttribute> {
      return db.transaction().execute(async (trx) => {
        const { row, all } = await editable(trx, id);
        const { settings, problems } = checkAttributeChange(row, requested, { now: deps.clock(), frozen: false, others: all });
        const first = problems[0];
        if (first) throw new HttpError(first.status, first.message, { campo: first.field });
        const before = settingsOf(row);
        if (!settingsEqual(before, settings)) {
          await createCalendarRepository(trx).update(id, settings);
          await recordChange(trx, editor, { area: 'calendario', entity: 'attribute', entityId: id, action: 'updated', before, after: settings });
        }
        return answer(trx, id);
      });
    },

    /** Stores an uploaded image (already sniffed) as the attribute's logo or banner. */
    async setArt(editor: ProgrammeEditor, id: number, kind: ArtKind, file: { bytes: Uint8Array; type: MediaKind; name: string }): Promise<ProgrammeAttribute> {
      return db.transaction().execute(async (trx) => {
        const { row } = await editable(trx, id);
        const saved = await saveMedia(trx, deps.media, file.bytes, { ...MEDIA_TYPES[file.type], originalName: file.name });
        const before = kind === 'logo' ? row.logo_url : row.banner_url;
        await createCalendarRepository(trx).setArt(id, kind, saved.url);
        await recordChange(trx, editor, { area: 'calendario', entity: 'attribute', entityId: id, action: `${kind}-uploaded`, before: { [`${kind}_url`]: before }, after: { [`${kind}_url`]: saved.url } });
        return answer(trx, id);
      });
    },

    /** Back to the built-in art of the slug for that kind. */
    async clearArt(editor: ProgrammeEditor, id: number, kind: ArtKind): Promise<ProgrammeAttribute> {
      return db.transaction().execute(async (trx) => {
        const { row } = await editable(trx, id);
        const before = kind === 'logo' ? row.logo_url : row.banner_url;
        if (before !== null) {
          await createCalendarRepository(trx).setArt(id, kind, null);
          await recordChange(trx, editor, { area: 'calendario', entity: 'attribute', entityId: id, action: `${kind}-built-in`, before: { [`${kind}_url`]: before }, after: { [`${kind}_url`]: null } });
        }
        return answer(trx, id);
      });
    },
  };
}
