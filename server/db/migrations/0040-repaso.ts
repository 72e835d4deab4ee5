// Repaso (issue 39): a question's one-line explanation (optional, the programme's quiz editor
// and pack fill it), and each agent's Repaso. A question is in an agent's Repaso when a
// completed quiz of theirs answered it wrong or in the slowest band (#domain/repaso): that is
// read from quiz_answers, so nothing is written when a quiz ends. repaso_items holds where a
// reviewed question stands (stage: right reviews in a row; due_day: the programme day it is
// due again; graduated_at: it left Repaso); repaso_answers each review, once per (user,
// question, review number): a replay under another key finds it. Neither ever touches points.
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE quiz_questions ADD COLUMN explanation text`,
  `CREATE TABLE repaso_items (
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    question_id integer NOT NULL REFERENCES quiz_questions (id) ON DELETE CASCADE,
    stage smallint NOT NULL DEFAULT 0 CHECK (stage >= 0),
    reviews integer NOT NULL DEFAULT 0 CHECK (reviews >= 0),
    due_day date NOT NULL,
    graduated_at timestamptz,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, question_id)
  )`,
  `CREATE TABLE repaso_answers (
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    question_id integer NOT NULL REFERENCES quiz_questions (id) ON DELETE CASCADE,
    review integer NOT NULL CHECK (review >= 1),
    option_id integer NOT NULL REFERENCES quiz_options (id) ON DELETE CASCADE,
    correct boolean NOT NULL,
    occurred_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, question_id, review)
  )`,
  // Seguimiento's retention reads the first reviews of a question.
  `CREATE INDEX repaso_answers_first_idx ON repaso_answers (question_id) WHERE review = 1`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
