// Refaces: one row per (user, attribute) with its processing state, and the generated
// portraits. Personal photos live here (bytea), never under a public folder: the API serves
// them only to their owner. Forward-only: never edit after release. One statement per query,
// as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  // A generated portrait. Kept apart from refaces so a repeated reface swaps it in one
  // update, and so the demo seed can share one portrait among many agents.
  `CREATE TABLE reface_images (
    id bigserial PRIMARY KEY,
    bytes bytea NOT NULL,
    content_type text NOT NULL DEFAULT 'image/jpeg',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // request_id names the latest upload: a job for an older upload finds another id and does
  // nothing. photo holds the upload only until it is processed. image_path is the opaque
  // per-user path GET /download-image answers to (its owner only); it stays on the last
  // completed portrait while a repeat is processed or after a repeat fails.
  `CREATE TABLE refaces (
    id bigserial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    attribute_id integer NOT NULL REFERENCES attributes (id),
    status text NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
    request_id text NOT NULL,
    photo bytea,
    image_id bigint REFERENCES reface_images (id),
    image_path text UNIQUE,
    requested_at timestamptz NOT NULL,
    completed_at timestamptz,
    failure text,
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, attribute_id),
    CHECK ((image_id IS NULL) = (image_path IS NULL)),
    CHECK (status <> 'completed' OR image_id IS NOT NULL)
  )`,
  `CREATE INDEX refaces_image_idx ON refaces (image_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
