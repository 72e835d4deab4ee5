// The programme as data (issue 35): what an operator edits in the back-office "Programa" and
// what a programme pack carries, instead of code, environment variables or files in the build.
// - attributes gain their content: colour, tagline, definition, personality and language
//   lists, logo and banner (media-store URLs; null: the built-in art of the slug), and the
//   month's late-sync grace in hours.
// - videos can be hidden (a watched video is never deleted) and carry a poster.
// - prize_tiers: the site tiers and the brand prize, by the month ('YYYY-MM') they apply from.
// - settings: operator settings every instance reads (maintenance state and allow-list).
// - content_changes: the Historial de cambios (who, when, what, before, after).
// - media_files: the media store's index (content-addressed files: `<sha256>.<ext>`).
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE attributes
    ADD COLUMN color text,
    ADD COLUMN tagline text,
    ADD COLUMN definition text,
    ADD COLUMN personality jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN language jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN logo_url text,
    ADD COLUMN banner_url text,
    ADD COLUMN sync_grace_hours integer NOT NULL DEFAULT 72 CHECK (sync_grace_hours BETWEEN 0 AND 720)`,
  `ALTER TABLE videos
    ADD COLUMN hidden boolean NOT NULL DEFAULT false,
    ADD COLUMN poster_url text`,
  `CREATE TABLE prize_tiers (
    applies_from text PRIMARY KEY CHECK (applies_from ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
    tier1 integer NOT NULL CHECK (tier1 >= 0),
    tier2 integer NOT NULL CHECK (tier2 >= 0),
    tier3 integer NOT NULL CHECK (tier3 >= 0),
    brand integer NOT NULL CHECK (brand >= 0),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE settings (
    key text PRIMARY KEY,
    value jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE content_changes (
    id bigserial PRIMARY KEY,
    actor_user_id integer REFERENCES users (id),
    area text NOT NULL,
    entity text NOT NULL,
    entity_id text NOT NULL,
    action text NOT NULL,
    before jsonb,
    after jsonb,
    ip text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX content_changes_created_idx ON content_changes (created_at DESC, id DESC)`,
  `CREATE TABLE media_files (
    key text PRIMARY KEY,
    content_type text NOT NULL,
    size integer NOT NULL CHECK (size >= 0),
    original_name text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
