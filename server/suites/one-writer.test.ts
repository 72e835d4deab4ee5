import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// One writer per table: the points module is the only code that writes the ledger, and its
// movements.ts the only code that writes the balance kept beside it (user_balances), so the
// two always move in one statement or transaction; the job runner is the only code that
// writes the jobs table, and the points module never calls rankings (rankings follow credits;
// a call back would close a loop). Read from the source, so a new raw insert anywhere in the
// server fails here. Tests and test support may write fixtures; migrations (db/migrations/)
// run once before any of this code and may backfill.

const SERVER = join(import.meta.dirname, '..');

const OWNERS = [
  { table: 'points_ledger', owner: 'modules/points/' },
  { table: 'user_balances', owner: 'modules/points/movements.ts' },
  { table: 'jobs', owner: 'jobs/' },
  { table: 'coaching_progress', owner: 'modules/coaching/aggregates' },
  { table: 'coaching_population', owner: 'modules/coaching/aggregates' },
  { table: 'coaching_counts', owner: 'modules/coaching/aggregates' },
  { table: 'coaching_day_points', owner: 'modules/coaching/aggregates' },
  { table: 'coaching_answer_counts', owner: 'modules/coaching/aggregates' },
] as const;

/** Production source of the server, as paths relative to server/ with their text. */
function productionSources(): { path: string; text: string }[] {
  return readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.replaceAll('\\', '/').startsWith('db/migrations/'))
    .map((path) => ({ path: path.replaceAll('\\', '/'), text: readFileSync(join(SERVER, path), 'utf8') }));
}

/** Kysely writes (insertInto, updateTable, deleteFrom, mergeInto) and raw SQL writes of `table`. */
function writesOf(text: string, table: string): string[] {
  const kysely = new RegExp(`\\b(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\\(\\s*['"\`]${table}\\b`, 'g');
  const raw = new RegExp(`\\b(insert\\s+into|update|delete\\s+from|truncate(\\s+table)?|merge\\s+into)\\s+${table}\\b`, 'gi');
  return [...text.matchAll(kysely), ...text.matchAll(raw)].map((m) => m[0]);
}

describe('one writer per table', () => {
  const sources = productionSources();

  it('reads the whole server', () => {
    expect(sources.map((s) => s.path)).toEqual(expect.arrayContaining(['modules/points/movements.ts', 'jobs/runner.ts', 'modules/rewards/service.ts']));
  });

  it.each(OWNERS)('only $owner writes $table', ({ table, owner }) => {
    const strangers = sources
      .filter((s) => !s.path.startsWith(owner))
      .flatMap((s) => writesOf(s.text, table).map((write) => `${s.path}: ${write}`));
    expect(strangers).toEqual([]);
    expect(sources.some((s) => s.path.startsWith(owner) && writesOf(s.text, table).length > 0)).toBe(true);
  });

  it('spots writes however they are spelled', () => {
    expect(writesOf(`db.insertInto('points_ledger').values(row)`, 'points_ledger')).toHaveLength(1);
    expect(writesOf(`trx.deleteFrom("jobs as j")`, 'jobs')).toHaveLength(1);
    expect(writesOf('sql`UPDATE points_ledger SET amount = 0`', 'points_ledger')).toHaveLength(1);
    expect(writesOf(`trx.updateTable('user_balances').set({ balance: 0 })`, 'user_balances')).toHaveLength(1);
    expect(writesOf('sql`INSERT INTO user_balances (user_id, balance) VALUES (1, 5)`', 'user_balances')).toHaveLength(1);
    expect(writesOf(`db.selectFrom('points_ledger')`, 'points_ledger')).toEqual([]);
    expect(writesOf(`db.deleteFrom('jobs_archive')`, 'jobs')).toEqual([]);
  });

  it('the points module never imports rankings', () => {
    const calls = sources.filter((s) => s.path.startsWith('modules/points/') && /from ['"](#server\/modules\/rankings|\.\.\/rankings)/.test(s.text));
    expect(calls.map((s) => s.path)).toEqual([]);
  });
});
