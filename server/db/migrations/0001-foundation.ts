// Foundation schema: organisation (brands, platforms, sites), users, the programme calendar,
// videos, sessions, SSO replay guard, the points ledger, idempotency, jobs and log events.
// Forward-only: never edit after release; later changes go in a new numbered file.
// One statement per query: PGlite's extended protocol runs a single statement at a time.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE brands (
    id integer PRIMARY KEY,
    name text NOT NULL
  )`,
  `CREATE TABLE platforms (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE
  )`,
  `CREATE TABLE sites (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    platform_id integer NOT NULL REFERENCES platforms (id)
  )`,
  `CREATE INDEX sites_platform_idx ON sites (platform_id)`,
  // perfil is '' for agents; imports may bring any letter case, compared case-insensitively.
  `CREATE TABLE users (
    id serial PRIMARY KEY,
    email text NOT NULL,
    name text NOT NULL,
    nick_name text,
    role text NOT NULL DEFAULT 'agente',
    perfil text NOT NULL DEFAULT '' CHECK (lower(perfil) IN ('', 'admin', 'interno', 'plataforma', 'latam')),
    division text,
    brand_id integer NOT NULL REFERENCES brands (id),
    platform_id integer REFERENCES platforms (id),
    site_id integer REFERENCES sites (id),
    puntos_ring_ring integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
  `CREATE UNIQUE INDEX users_nick_name_key ON users (lower(nick_name))`,
  `CREATE INDEX users_brand_site_idx ON users (brand_id, site_id)`,
  `CREATE INDEX users_site_idx ON users (site_id)`,
  `CREATE INDEX users_platform_idx ON users (platform_id)`,
  // The programme calendar is data: month_end inclusive; quiz 2 opens mid-month.
  `CREATE TABLE attributes (
    id integer PRIMARY KEY CHECK (id BETWEEN 1 AND 7),
    slug text NOT NULL UNIQUE,
    nombre text NOT NULL,
    enabled boolean NOT NULL DEFAULT false,
    month_start date,
    month_end date,
    quiz2_opens_at date,
    display_order integer NOT NULL,
    CHECK (month_end >= month_start),
    CHECK (quiz2_opens_at BETWEEN month_start AND month_end),
    CHECK (NOT enabled OR (month_start IS NOT NULL AND month_end IS NOT NULL AND quiz2_opens_at IS NOT NULL))
  )`,
  // position 0 is the presentation video; the rest is the formative content.
  `CREATE TABLE videos (
    id serial PRIMARY KEY,
    attribute_id integer NOT NULL REFERENCES attributes (id),
    position integer NOT NULL CHECK (position >= 0),
    title text NOT NULL,
    url text NOT NULL,
    captions_url text,
    available_from date,
    UNIQUE (attribute_id, position)
  )`,
  // Only a hash of the bearer token is stored: a leaked table cannot be replayed.
  `CREATE TABLE sessions (
    id bigserial PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    impersonator_user_id integer REFERENCES users (id) ON DELETE CASCADE,
    scope text NOT NULL DEFAULT 'full' CHECK (scope IN ('full', 'sync')),
    created_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
  )`,
  `CREATE INDEX sessions_user_idx ON sessions (user_id)`,
  `CREATE TABLE sso_used_tokens (
    jti text PRIMARY KEY,
    expires_at timestamptz NOT NULL
  )`,
  `CREATE INDEX sso_used_tokens_expires_idx ON sso_used_tokens (expires_at)`,
  // The balance is the sum of this table; (user_id, source_key) makes every achievement pay once.
  `CREATE TABLE points_ledger (
    id bigserial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id),
    amount integer NOT NULL CHECK (amount <> 0),
    concept text NOT NULL,
    source_key text,
    attribute_id integer REFERENCES attributes (id),
    kind text NOT NULL CHECK (kind IN ('activity', 'prize', 'redemption', 'refund', 'expiry')),
    occurred_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz,
    UNIQUE (user_id, source_key)
  )`,
  `CREATE INDEX points_ledger_activity_idx ON points_ledger (attribute_id, occurred_at) WHERE kind = 'activity'`,
  `CREATE INDEX points_ledger_expiry_idx ON points_ledger (expires_at) WHERE amount > 0`,
  // json, not jsonb: a replay must return the first response byte for byte (jsonb reorders keys).
  `CREATE TABLE idempotency_records (
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key text NOT NULL,
    request_hash text NOT NULL,
    status_code integer,
    response_body json,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
  )`,
  `CREATE INDEX idempotency_records_created_idx ON idempotency_records (created_at)`,
  `CREATE TABLE jobs (
    id bigserial PRIMARY KEY,
    kind text NOT NULL,
    payload jsonb NOT NULL DEFAULT '{}',
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
    run_at timestamptz NOT NULL DEFAULT now(),
    attempts integer NOT NULL DEFAULT 0,
    locked_at timestamptz,
    last_error text,
    unique_key text UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued'`,
  `CREATE INDEX jobs_running_idx ON jobs (locked_at) WHERE status = 'running'`,
  `CREATE TABLE log_events (
    id bigserial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id),
    action text NOT NULL,
    occurred_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX log_events_user_idx ON log_events (user_id, occurred_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
