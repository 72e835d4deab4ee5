// SQL of Programa › Vídeos: each attribute's videos in order with how many agents have progress
// on them, and the writes (insert, update, reorder, delete). No rules here: they are
// #domain/programme-videos, applied by the service.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdminVideo } from '#contract/programme-videos';
import type { Database, VideoProcessing, VideosTable } from '#server/db/schema';

type VideoRow = Selectable<VideosTable>;

const columns = ['v.id', 'v.attribute_id', 'v.position', 'v.title', 'v.url', 'v.captions_url', 'v.poster_url', 'v.available_from', 'v.duration_seconds', 'v.hidden',
  'v.stream_url', 'v.processing', 'v.processing_progress', 'v.processing_error'] as const;

/** Positions are unique per attribute: a reorder parks every row this far up first. */
const PARKED = 1_000_000;

type AdminColumns = 'attribute_id' | 'position' | 'title' | 'url' | 'captions_url' | 'poster_url' | 'available_from' | 'duration_seconds' | 'hidden'
  | 'stream_url' | 'processing' | 'processing_progress' | 'processing_error';

export function toAdminVideo(v: Pick<VideoRow, AdminColumns> & { id: number; views: number }): AdminVideo {
  return {
    id: v.id,
    atributo_id: v.attribute_id,
    position: v.position,
    title: v.title,
    available_from: v.available_from,
    url: v.url,
    captions_url: v.captions_url,
    poster_url: v.poster_url,
    duration_seconds: v.duration_seconds,
    hidden: v.hidden,
    views: v.views,
    stream_url: v.stream_url,
    processing: v.processing,
    processing_progress: v.processing_progress,
    processing_error: v.processing_error,
  };
}

export function createVideosRepository(db: Kysely<Database>) {
  const withViews = () => db.selectFrom('videos as v')
    .select(columns)
    .select(sql<number>`(SELECT count(*)::int FROM video_progress p WHERE p.video_id = v.id)`.as('views'));

  return {
    async attributes() {
      return db.selectFrom('attributes').select(['id', 'nombre', 'slug', 'enabled', 'month_start', 'month_end'])
        .orderBy('display_order').orderBy('id').execute();
    },

    /** The attribute, row-locked until the transaction ends, so its videos change one writer at a time. */
    async lockAttribute(id: number) {
      return db.selectFrom('attributes').select(['id', 'nombre', 'slug', 'month_start', 'month_end']).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async findAttribute(id: number) {
      return db.selectFrom('attributes').select(['id', 'nombre', 'slug', 'month_start', 'month_end']).where('id', '=', id).executeTakeFirst();
    },

    async all(): Promise<AdminVideo[]> {
      return (await withViews().orderBy('v.attribute_id').orderBy('v.position').execute()).map(toAdminVideo);
    },

    async ofAttribute(attributeId: number): Promise<AdminVideo[]> {
      return (await withViews().where('v.attribute_id', '=', attributeId).orderBy('v.position').execute()).map(toAdminVideo);
    },

    /** What the processing needs to know of a video besides what the back-office shows. */
    async processingOf(id: number) {
      return db.selectFrom('videos').select(['source_url', 'processing', 'hidden', 'poster_generated', 'playable']).where('id', '=', id).executeTakeFirst();
    },

    async find(id: number): Promise<AdminVideo | undefined> {
      const row = await withViews().where('v.id', '=', id).executeTakeFirst();
      return row && toAdminVideo(row);
    },

    async nextPosition(attributeId: number): Promise<number> {
      const row = await db.selectFrom('videos').select(sql<number | null>`max(position)`.as('last')).where('attribute_id', '=', attributeId).executeTakeFirst();
      return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
    },

    async insert(values: {
      attribute_id: number; position: number; title: string; available_from: string | null; url: string;
      captions_url: string | null; poster_url: string | null; duration_seconds: number; hidden?: boolean;
      source_url?: string | null; processing?: VideoProcessing;
    }): Promise<number> {
      const row = await db.insertInto('videos').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Partial<{
      title: string; available_from: string | null; hidden: boolean; url: string; captions_url: string | null; poster_url: string | null; duration_seconds: number;
      source_url: string | null; stream_url: string | null; processing: VideoProcessing; processing_progress: number; processing_error: string | null;
      poster_generated: boolean; playable: boolean;
    }>): Promise<void> {
      await db.updateTable('videos').set(values).where('id', '=', id).execute();
    },

    /** Positions 0, 1, 2… in the order of `ids` (every video of the attribute). */
    async setOrder(attributeId: number, ids: readonly number[]): Promise<void> {
      await db.updateTable('videos').set({ position: sql`position + ${PARKED}` }).where('attribute_id', '=', attributeId).execute();
      for (const [position, id] of ids.entries()) {
        await db.updateTable('videos').set({ position }).where('id', '=', id).where('attribute_id', '=', attributeId).execute();
      }
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('videos').where('id', '=', id).execute();
    },
  };
}

export type VideosRepository = ReturnType<typeof createVideosRepository>;
