// Seguimiento (issue 20): per-agent training state and the counters the supervisor reads,
// kept in the same transaction as the facts they count (server/modules/coaching/aggregates.ts
// is their one writer) and rebuilt from the facts by coaching/rebuild.ts. Placements are
// copied as (brand, platform, site) with 0 for "none", so every read is one primary-key range.
// Counters carry no CHECK: a decrement is an upserted negative row. Forward-only.
import { sql, type Kysely } from 'kysely';

const statements = [
  // One row per (attribute, agent) who started: what the nudges list and the counters sum.
  `CREATE TABLE coaching_progress (
    attribute_id smallint NOT NULL,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    brand_id integer NOT NULL,
    platform_id integer NOT NULL,
    site_id integer NOT NULL,
    last_activity_at timestamptz NOT NULL,
    videos_seen smallint NOT NULL DEFAULT 0,
    quiz_mask smallint NOT NULL DEFAULT 0,
    quiz_points integer NOT NULL DEFAULT 0,
    reface boolean NOT NULL DEFAULT false,
    finished boolean NOT NULL DEFAULT false,
    PRIMARY KEY (attribute_id, user_id)
  )`,
  `CREATE INDEX coaching_progress_user_idx ON coaching_progress (user_id)`,
  // The nudges read one site's agents: its progress rows are one range.
  `CREATE INDEX coaching_progress_site_idx ON coaching_progress (attribute_id, site_id, user_id)`,
  // Agents per placement (every attribute shares it).
  `CREATE TABLE coaching_population (
    brand_id integer NOT NULL,
    platform_id integer NOT NULL,
    site_id integer NOT NULL,
    agents integer NOT NULL,
    PRIMARY KEY (brand_id, platform_id, site_id)
  )`,
  // Per (attribute, placement): started, finished, reface, completed quizzes and their points.
  `CREATE TABLE coaching_counts (
    attribute_id smallint NOT NULL,
    brand_id integer NOT NULL,
    platform_id integer NOT NULL,
    site_id integer NOT NULL,
    started integer NOT NULL,
    finished integer NOT NULL,
    reface integer NOT NULL,
    quizzes integer NOT NULL,
    quiz_points integer NOT NULL,
    PRIMARY KEY (attribute_id, brand_id, platform_id, site_id)
  )`,
  // The attribute's monthly ranking points per day (programme time zone) and placement.
  `CREATE TABLE coaching_day_points (
    attribute_id smallint NOT NULL,
    brand_id integer NOT NULL,
    platform_id integer NOT NULL,
    site_id integer NOT NULL,
    day date NOT NULL,
    points integer NOT NULL,
    PRIMARY KEY (attribute_id, brand_id, platform_id, site_id, day)
  )`,
  // First answers per (attribute, placement, question, option): the difficult questions.
  `CREATE TABLE coaching_answer_counts (
    attribute_id smallint NOT NULL,
    brand_id integer NOT NULL,
    platform_id integer NOT NULL,
    site_id integer NOT NULL,
    question_id integer NOT NULL,
    option_id integer NOT NULL,
    answers integer NOT NULL,
    PRIMARY KEY (attribute_id, brand_id, platform_id, site_id, question_id, option_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
