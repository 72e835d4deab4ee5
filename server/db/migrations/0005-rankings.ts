// Rankings: precomputed standings kept up to date in the same transaction as each activity
// credit, a per-score agent count (positions in O(distinct scores), not O(agents)), frozen
// month-end winners, and short-lived ranking downloads. Forward-only: never edit after
// release. One statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

// Every ranking reads in this order (#domain/ranking compareStandings).
const ORDER = 'points DESC, finished_at ASC NULLS LAST, reached_at ASC, user_id ASC';

const statements = [
  // One row per (ranking, agent): attribute_id 0 is the global ranking. Only agents (empty
  // perfil) have rows; brand and site are copied so a scope's page is one index range.
  `CREATE TABLE ranking_standings (
    attribute_id smallint NOT NULL CHECK (attribute_id BETWEEN 0 AND 7),
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    brand_id integer NOT NULL,
    site_id integer,
    points integer NOT NULL DEFAULT 0 CHECK (points >= 0),
    tasks integer NOT NULL DEFAULT 0 CHECK (tasks >= 0),
    finished_at timestamptz,
    reached_at timestamptz,
    PRIMARY KEY (attribute_id, user_id)
  )`,
  `CREATE INDEX ranking_standings_order_idx ON ranking_standings (attribute_id, ${ORDER}) WHERE points > 0`,
  `CREATE INDEX ranking_standings_brand_idx ON ranking_standings (attribute_id, brand_id, ${ORDER}) WHERE points > 0`,
  `CREATE INDEX ranking_standings_site_idx ON ranking_standings (attribute_id, site_id, ${ORDER}) WHERE points > 0`,
  // How many agents of a scope hold each score: "agents above me" is a sum over the few
  // higher scores. scope_id is 0 for the global ranking, else the brand or site id. No CHECK
  // on agents: a decrement is written as an upserted -1, and PostgreSQL checks the proposed
  // row before it finds the conflict.
  `CREATE TABLE ranking_score_counts (
    attribute_id smallint NOT NULL,
    scope text NOT NULL CHECK (scope IN ('global', 'marca', 'plataforma')),
    scope_id integer NOT NULL,
    points integer NOT NULL CHECK (points > 0),
    agents integer NOT NULL,
    PRIMARY KEY (attribute_id, scope, scope_id, points)
  )`,
  // Ranking search is by nickname prefix, case-insensitive, whatever the database collation.
  `CREATE INDEX users_nick_prefix_idx ON users (lower(nick_name) text_pattern_ops)`,
  // An attribute's month-end: frozen after the sync grace, paid on payday. One row each.
  `CREATE TABLE ranking_closings (
    attribute_id integer PRIMARY KEY REFERENCES attributes (id),
    frozen_at timestamptz NOT NULL,
    paid_at timestamptz
  )`,
  // The frozen winners: per site (scope 'plataforma') tiers 1-3, per brand tier 1.
  `CREATE TABLE ranking_winners (
    attribute_id integer NOT NULL REFERENCES attributes (id),
    scope text NOT NULL CHECK (scope IN ('marca', 'plataforma')),
    scope_id integer NOT NULL,
    position integer NOT NULL CHECK (position >= 1),
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tier smallint NOT NULL CHECK (tier BETWEEN 1 AND 3),
    amount integer NOT NULL CHECK (amount >= 0),
    points integer NOT NULL,
    PRIMARY KEY (attribute_id, scope, scope_id, position)
  )`,
  // A generated workbook, fetched once or more by the user who asked, for a few minutes.
  // Only a hash of the URL's token is stored.
  `CREATE TABLE ranking_downloads (
    token_hash text PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    file_name text NOT NULL,
    bytes bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`,
  `CREATE INDEX ranking_downloads_expires_idx ON ranking_downloads (expires_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
