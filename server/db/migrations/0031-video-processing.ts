// Processed videos (issue 36): an uploaded video is probed, stored as its source and turned by
// the job `video-transcode` into an HLS ladder, a low MP4 and a poster. The row says where that
// stands: processing 'queued' | 'running' | 'ready' | 'failed', its progress (0–100) and a
// failure's reason (Spanish, for the back-office); stream_url is the master playlist once done
// (null before, and for the videos made before this: they play their MP4 `url` as ever).
// source_url is the file the operator uploaded (what a retry processes again); poster_generated
// says the poster is the processing's, so a new file's processing may replace it, never the
// operator's own. Every existing row is 'ready'. Forward-only; one statement per query.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE videos ADD COLUMN stream_url TEXT`.execute(db);
  await sql`ALTER TABLE videos ADD COLUMN source_url TEXT`.execute(db);
  await sql`ALTER TABLE videos ADD COLUMN processing TEXT NOT NULL DEFAULT 'ready'
    CHECK (processing IN ('ready', 'queued', 'running', 'failed'))`.execute(db);
  await sql`ALTER TABLE videos ADD COLUMN processing_progress INTEGER NOT NULL DEFAULT 0
    CHECK (processing_progress BETWEEN 0 AND 100)`.execute(db);
  await sql`ALTER TABLE videos ADD COLUMN processing_error TEXT`.execute(db);
  await sql`ALTER TABLE videos ADD COLUMN poster_generated BOOLEAN NOT NULL DEFAULT false`.execute(db);
}
