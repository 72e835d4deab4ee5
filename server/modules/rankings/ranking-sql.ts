// The ranking's SQL building blocks: a scope's rows, the ranking order (and its reverse), a
// nickname prefix pattern, the tie-breaks and an agent's position as correlated SQL, so that
// repository.ts can read a page of rows with their positions in one query. Builds SQL only:
// never runs a query.
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database, RankingScopeName } from '#server/db/schema';

/** One ranking: attribute 0 with scope 'global', or an attribute's brand or site. */
export interface RankingScopeRef {
  attributeId: number;
  scope: RankingScopeName;
  scopeId: number;
}

export type StandingsQuery = SelectQueryBuilder<Database & { s: Database['ranking_standings'] }, 's', object>;

export function inScope<Q extends StandingsQuery>(query: Q, ref: RankingScopeRef): Q {
  let q = query.where('s.attribute_id', '=', ref.attributeId).where('s.points', '>', 0);
  if (ref.scope === 'marca') q = q.where('s.brand_id', '=', ref.scopeId);
  if (ref.scope === 'plataforma') q = q.where('s.site_id', '=', ref.scopeId);
  return q as Q;
}

/** #domain/ranking compareStandings, as SQL: the order every index of migration 0005 holds. */
export function inRankingOrder<Q extends StandingsQuery>(query: Q): Q {
  return query
    .orderBy('s.points', 'desc')
    .orderBy('s.finished_at', (ob) => ob.asc().nullsLast())
    .orderBy('s.reached_at', 'asc')
    .orderBy('s.user_id', 'asc') as Q;
}

/** The same order backwards: the indexes read in reverse, for the rows just ahead of an agent. */
export function inReverseOrder<Q extends StandingsQuery>(query: Q): Q {
  return query
    .orderBy('s.points', 'asc')
    .orderBy('s.finished_at', (ob) => ob.desc().nullsFirst())
    .orderBy('s.reached_at', (ob) => ob.desc().nullsFirst())
    .orderBy('s.user_id', 'desc') as Q;
}

/** Both orders as SQL text over the alias `s`, for window functions. */
export const ORDER = sql.raw('s.points DESC, s.finished_at ASC NULLS LAST, s.reached_at ASC, s.user_id ASC');
export const REVERSE_ORDER = sql.raw('s.points ASC, s.finished_at DESC NULLS FIRST, s.reached_at DESC NULLS FIRST, s.user_id DESC');

/** A nickname prefix as a LIKE pattern (its own % and _ taken literally), lower-cased. */
export function prefixPattern(search: string): string {
  return `${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const columns = ['s.user_id', 'u.nick_name', 's.brand_id', 's.site_id', 's.points', 's.tasks', 's.finished_at', 's.reached_at'] as const;

/** `t` is a standing of `ref`'s scope (raw SQL for the correlated subqueries below). */
export function scopeSql(ref: RankingScopeRef, t: string): RawBuilder<unknown> {
  const where = sql`${sql.ref(`${t}.attribute_id`)} = ${ref.attributeId} AND ${sql.ref(`${t}.points`)} > 0`;
  if (ref.scope === 'marca') return sql`${where} AND ${sql.ref(`${t}.brand_id`)} = ${ref.scopeId}`;
  if (ref.scope === 'plataforma') return sql`${where} AND ${sql.ref(`${t}.site_id`)} = ${ref.scopeId}`;
  return where;
}

/**
 * The standing `t` is ahead of the standing `r` on the same score, by the tie-breaks (finished
 * first, never-finished last; then reached first; then user id). Both are rows of the query,
 * never values sent from here: a timestamp through a JS Date loses its microseconds, and ties
 * on the same millisecond would then be misjudged. Never null, so its negation is exactly "on
 * the same score and not ahead".
 */
export function tiedAheadSql(t: string, r: string): RawBuilder<boolean> {
  const [tf, rf] = [sql.ref(`${t}.finished_at`), sql.ref(`${r}.finished_at`)];
  const after = sql`(${sql.ref(`${t}.reached_at`)}, ${sql.ref(`${t}.user_id`)}) < (${sql.ref(`${r}.reached_at`)}, ${sql.ref(`${r}.user_id`)})`;
  return sql<boolean>`coalesce((${rf} IS NULL AND ${tf} IS NOT NULL) OR ${tf} < ${rf} OR (${tf} IS NOT DISTINCT FROM ${rf} AND ${after}), false)`;
}

/**
 * The position of the standing `r` in `ref`: 1 + agents on a higher score (a few rows of the
 * score counts) + agents on its score ahead by the tie-breaks. Those are counted as index
 * ranges (finished before it, or finished with it and reached before it), never by filtering
 * the whole tied score, which at 100,000 agents holds thousands. Correlated, so a whole page
 * of rows gets its positions in the query that reads it.
 */
export function positionSql(ref: RankingScopeRef, r: string): RawBuilder<number> {
  const [points, finished] = [sql.ref(`${r}.points`), sql.ref(`${r}.finished_at`)];
  const tied = sql`FROM ranking_standings t WHERE ${scopeSql(ref, 't')} AND t.points = ${points}`;
  const reachedBefore = sql`(t.reached_at, t.user_id) < (${sql.ref(`${r}.reached_at`)}, ${sql.ref(`${r}.user_id`)})`;
  return sql<number>`(1
    + (SELECT coalesce(sum(c.agents), 0) FROM ranking_score_counts c
       WHERE c.attribute_id = ${ref.attributeId} AND c.scope = ${ref.scope} AND c.scope_id = ${ref.scopeId} AND c.points > ${points})
    + CASE WHEN ${finished} IS NULL
        THEN (SELECT count(*) ${tied} AND t.finished_at IS NOT NULL) + (SELECT count(*) ${tied} AND t.finished_at IS NULL AND ${reachedBefore})
        ELSE (SELECT count(*) ${tied} AND t.finished_at < ${finished}) + (SELECT count(*) ${tied} AND t.finished_at = ${finished} AND ${reachedBefore})
      END)::int`;
}

/** Agents in the ranking: a sum over its score counts. */
export const agentsSql = (ref: RankingScopeRef) => sql<number>`(SELECT coalesce(sum(c.agents), 0) FROM ranking_score_counts c
  WHERE c.attribute_id = ${ref.attributeId} AND c.scope = ${ref.scope} AND c.scope_id = ${ref.scopeId})::int`;
