// Processed videos, continued (issue 36). `video_renditions`: what the job `video-transcode`
// made of a source file (its content key, so the same bytes uploaded again, or a pack imported
// back, reuse it without transcoding), per encoding (a changed ladder transcodes anew): the
// master playlist, the low MP4, the poster and the duration. `videos.playable`: the row's
// url/stream_url/poster/duration are renditions agents can play (it was ready once), so a
// replaced file or a reprocessing keeps the video there for agents with its previous renditions
// until the new ones are ready, or for good when they fail. Every row ready now is playable.
// Forward-only; one statement per query.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE video_renditions (
    source_key TEXT NOT NULL,
    encoding TEXT NOT NULL,
    stream_url TEXT NOT NULL,
    url TEXT NOT NULL,
    poster_url TEXT NOT NULL,
    duration_seconds INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source_key, encoding)
  )`.execute(db);
  await sql`ALTER TABLE videos ADD COLUMN playable BOOLEAN NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE videos SET playable = true WHERE processing = 'ready'`.execute(db);
}
