// Quizzes: two per attribute, ten questions each with 3-4 options (one correct), a
// participation per (user, attribute, quiz) and its answers. An answer's points are also a
// 'quiz-answer:{participation}:{question}' credit of points_ledger, written in the same
// transaction. Forward-only: never edit after release. One statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE quiz_questions (
    id serial PRIMARY KEY,
    attribute_id integer NOT NULL REFERENCES attributes (id),
    quiz smallint NOT NULL CHECK (quiz IN (1, 2)),
    position smallint NOT NULL CHECK (position >= 1),
    text text NOT NULL,
    UNIQUE (attribute_id, quiz, position)
  )`,
  `CREATE TABLE quiz_options (
    id serial PRIMARY KEY,
    question_id integer NOT NULL REFERENCES quiz_questions (id) ON DELETE CASCADE,
    position smallint NOT NULL CHECK (position >= 1),
    text text NOT NULL,
    correct boolean NOT NULL DEFAULT false,
    UNIQUE (question_id, position)
  )`,
  // Exactly one correct option per question can exist; the seed adds the one.
  `CREATE UNIQUE INDEX quiz_options_one_correct ON quiz_options (question_id) WHERE correct`,
  // issued_at: when the questions were first handed out (offline timing is judged against it).
  // completed_at: when the last of its answers happened, set as that answer is recorded.
  `CREATE TABLE quiz_participations (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    attribute_id integer NOT NULL REFERENCES attributes (id),
    quiz smallint NOT NULL CHECK (quiz IN (1, 2)),
    issued_at timestamptz NOT NULL,
    completed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, attribute_id, quiz)
  )`,
  // Rankings' "training finished" tie-break reads completed quizzes per attribute for everyone.
  `CREATE INDEX quiz_participations_completed_idx ON quiz_participations (attribute_id, user_id) WHERE completed_at IS NOT NULL`,
  // One row per answered question: the first answer wins (primary key). occurred_at is when the
  // device confirmed it (X-Occurred-At), received_at when the server got it.
  `CREATE TABLE quiz_answers (
    participation_id integer NOT NULL REFERENCES quiz_participations (id) ON DELETE CASCADE,
    question_id integer NOT NULL REFERENCES quiz_questions (id),
    option_id integer NOT NULL REFERENCES quiz_options (id),
    correct boolean NOT NULL,
    elapsed_ms integer NOT NULL CHECK (elapsed_ms >= 0),
    points integer NOT NULL CHECK (points BETWEEN 0 AND 5),
    occurred_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL,
    PRIMARY KEY (participation_id, question_id),
    CHECK (correct OR points = 0)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
