// Training: each video's duration (the plausibility rule needs it) and every user's progress
// per video (high-water mark, first partial report, first 100 %). Forward-only: never edit
// after release. One statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  // 0 means "unknown": the plausibility rule then only asks for an earlier partial report.
  `ALTER TABLE videos ADD COLUMN duration_seconds integer NOT NULL DEFAULT 0 CHECK (duration_seconds >= 0)`,
  // Databases seeded before this migration hold the bundled demo clips: 6 s each, with captions beside them.
  `UPDATE videos SET duration_seconds = 6 WHERE url LIKE '/media/%.mp4'`,
  `UPDATE videos SET captions_url = regexp_replace(url, '\\.mp4$', '.vtt') WHERE captions_url IS NULL AND url LIKE '/media/%.mp4'`,
  // One row per (user, video): progress only moves forward, so one row is the whole story.
  // first_partial_at and seen_at are when the viewing happened (X-Occurred-At), not arrival.
  `CREATE TABLE video_progress (
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
    porcentaje integer NOT NULL DEFAULT 0 CHECK (porcentaje BETWEEN 0 AND 100),
    first_partial_at timestamptz,
    seen_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, video_id),
    CHECK (seen_at IS NULL OR porcentaje = 100)
  )`,
  // Rankings' "training finished" tie-break counts seen videos per attribute for everyone.
  `CREATE INDEX video_progress_seen_idx ON video_progress (video_id, user_id) WHERE seen_at IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
