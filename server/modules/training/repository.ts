// SQL for training: videos with their attribute, each user's video progress (high-water mark)
// and the counts behind an attribute's training progress. Every progress query is scoped by
// user id. No rules here: availability, plausibility and percentages are #domain functions.
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, VideosTable } from '#server/db/schema';
import type { VideoProgressState } from '#domain/video-progress';

type VideoRow = Selectable<VideosTable>;

/**
 * The columns an agent's read needs (not the back-office's: the uploaded source, the
 * processing's state), with whether the attribute is enabled (the row alone cannot say).
 */
export type VideoRecord = Pick<
  VideoRow,
  'id' | 'attribute_id' | 'position' | 'title' | 'url' | 'captions_url' | 'available_from' | 'duration_seconds' | 'hidden' | 'poster_url' | 'processing' | 'stream_url' | 'playable'
> & { attribute_enabled: boolean };

export interface VideoWithProgress extends VideoRecord {
  porcentaje: number | null;
  seen_at: Date | null;
}

const videoColumns = [
  'v.id', 'v.attribute_id', 'v.position', 'v.title', 'v.url', 'v.captions_url', 'v.available_from', 'v.duration_seconds', 'v.hidden', 'v.poster_url',
  'v.processing', 'v.stream_url', 'v.playable', 'a.enabled as attribute_enabled',
] as const;

/**
 * Whether agents see a video (alias `video`) at all: not hidden, and processed (issue 36): ready,
 * or playable with the renditions of a previous processing while a replaced file or a retry is
 * queued, running or failed (agents keep playing those until the new ones are ready). A new
 * video never processed is not there for them yet. The rankings and Seguimiento count an
 * attribute's visible videos with this same condition; isVisibleToAgents is it on one record.
 */
export function visibleToAgents(video: string): RawBuilder<boolean> {
  return sql<boolean>`(NOT ${sql.ref(`${video}.hidden`)} AND (${sql.ref(`${video}.processing`)} = 'ready' OR ${sql.ref(`${video}.playable`)}))`;
}

export function isVisibleToAgents(video: Pick<VideoRow, 'hidden' | 'processing' | 'playable'>): boolean {
  return !video.hidden && (video.processing === 'ready' || video.playable);
}

/**
 * Which videos make up an agent's training of an attribute, the one rule for the training
 * progress, the rankings (standings.ts, rebuild.ts) and Seguimiento (coaching aggregates):
 * every visible video, and a hidden one only for an agent who had already seen it. Hiding a
 * video so never takes a seen step, a task or a finished moment away from anyone, and lets
 * those who had not seen it finish with the visible ones. The condition on a `videos` row
 * (alias `video`) and one agent's `video_progress` row on it (alias `progress`, LEFT JOINed:
 * all null when the agent has none).
 */
export function inTraining(video: string, progress: string): RawBuilder<boolean> {
  return sql<boolean>`(${visibleToAgents(video)} OR ${sql.ref(`${progress}.seen_at`)} IS NOT NULL)`;
}

/**
 * The same rule set-based, for the rebuilds: per user with progress on an attribute's videos
 * (everyone, or `userId`), the videos of that user's training (`total`) and how many of them
 * the user has seen (`seen`). The visible videos without a progress row of the user count in
 * `total` too; a user with no row on the attribute has as total its visible videos, none seen.
 * Columns: user_id, attribute_id, total, seen.
 */
export function trainingVideoCounts(userId: number | null): RawBuilder<unknown> {
  return sql`
    SELECT p.user_id, v.attribute_id,
      (max(vis.n) - count(*) FILTER (WHERE ${visibleToAgents('v')}) + count(*) FILTER (WHERE ${inTraining('v', 'p')}))::int AS total,
      (count(*) FILTER (WHERE p.seen_at IS NOT NULL AND ${inTraining('v', 'p')}))::int AS seen
    FROM video_progress p JOIN videos v ON v.id = p.video_id
      JOIN (SELECT x.attribute_id, count(*) FILTER (WHERE ${visibleToAgents('x')}) AS n FROM videos x GROUP BY x.attribute_id) vis ON vis.attribute_id = v.attribute_id
    ${userId === null ? sql`` : sql`WHERE p.user_id = ${userId}`}
    GROUP BY p.user_id, v.attribute_id`;
}

export function createTrainingRepository(db: Kysely<Database>) {
  const videos = () => db.selectFrom('videos as v').innerJoin('attributes as a', 'a.id', 'v.attribute_id');

  return {
    async findAttribute(id: number): Promise<{ id: number; enabled: boolean } | undefined> {
      return db.selectFrom('attributes').select(['id', 'enabled']).where('id', '=', id).executeTakeFirst();
    },

    async findVideo(id: number): Promise<VideoRecord | undefined> {
      return videos().select(videoColumns).where('v.id', '=', id).executeTakeFirst();
    },

    /** The attribute's visible videos (visibleToAgents) by position, each with this user's progress (null when none). */
    async videosWithProgress(attributeId: number, userId: number): Promise<VideoWithProgress[]> {
      return videos()
        .leftJoin('video_progress as p', (join) => join.onRef('p.video_id', '=', 'v.id').on('p.user_id', '=', userId))
        .select(videoColumns).select(['p.porcentaje', 'p.seen_at'])
        .where('v.attribute_id', '=', attributeId)
        .where(visibleToAgents('v'))
        .orderBy('v.position').orderBy('v.id')
        .execute();
    },

    async progressOf(userId: number, videoId: number): Promise<{ porcentaje: number; seen_at: Date | null } | undefined> {
      return db.selectFrom('video_progress').select(['porcentaje', 'seen_at'])
        .where('user_id', '=', userId).where('video_id', '=', videoId)
        .executeTakeFirst();
    },

    /**
     * This user's progress on a video, row-locked until the transaction ends, so concurrent
     * reports apply one after another. FOR UPDATE cannot lock a row that does not exist yet:
     * on the first report the empty row is created, then locked. Call only inside a transaction.
     */
    async lockProgress(userId: number, videoId: number, now: Date): Promise<VideoProgressState> {
      const locked = () => db.selectFrom('video_progress').select(['porcentaje', 'first_partial_at', 'seen_at'])
        .where('user_id', '=', userId).where('video_id', '=', videoId)
        .forUpdate()
        .executeTakeFirst();
      let row = await locked();
      if (!row) {
        await db.insertInto('video_progress').values({ user_id: userId, video_id: videoId, updated_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'video_id']).doNothing())
          .execute();
        row = await locked();
      }
      if (!row) throw new Error(`video_progress (${userId}, ${videoId}) missing after its insert`);
      return { porcentaje: row.porcentaje, firstPartialAt: row.first_partial_at, seenAt: row.seen_at };
    },

    async saveProgress(userId: number, videoId: number, state: VideoProgressState, now: Date): Promise<void> {
      await db.updateTable('video_progress')
        .set({ porcentaje: state.porcentaje, first_partial_at: state.firstPartialAt, seen_at: state.seenAt, updated_at: now })
        .where('user_id', '=', userId).where('video_id', '=', videoId)
        .execute();
    },

    /**
     * How many videos the attribute's training has for this user, and how many of them the user
     * has seen: the visible ones, and a hidden one only if the user had seen it (inTraining).
     */
    async videoCounts(userId: number, attributeId: number): Promise<{ total: number; seen: number }> {
      const row = await db.selectFrom('videos as v')
        .leftJoin('video_progress as p', (join) => join.onRef('p.video_id', '=', 'v.id').on('p.user_id', '=', userId))
        .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(p.seen_at)::int`.as('seen')])
        .where('v.attribute_id', '=', attributeId)
        .where(inTraining('v', 'p'))
        .executeTakeFirstOrThrow();
      return row;
    },

    /** Quizzes this user completed in the attribute (0, 1 or 2): participations with every answer recorded. */
    async completedQuizzes(userId: number, attributeId: number): Promise<number> {
      const row = await db.selectFrom('quiz_participations').select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId).where('attribute_id', '=', attributeId).where('completed_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return row.n;
    },
  };
}

export type TrainingRepository = ReturnType<typeof createTrainingRepository>;
