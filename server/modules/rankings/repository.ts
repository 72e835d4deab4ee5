// Ranking reads over the standings: a page (one index range in ranking order), an agent's
// position (agents on higher scores from the score counts, plus the ties ahead of it), the
// first of a scope and the scope's size; the brands and sites a viewer may choose among.
// Never aggregates the ledger; never writes.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, RankingScopeName } from '#server/db/schema';

type Db = Kysely<Database>;

/** One ranking: attribute 0 with scope 'global', or an attribute's brand or site. */
export interface RankingScopeRef {
  attributeId: number;
  scope: RankingScopeName;
  scopeId: number;
}

export interface StandingRow {
  user_id: number;
  nick_name: string | null;
  brand_id: number;
  site_id: number | null;
  points: number;
  tasks: number;
  finished_at: Date | null;
  reached_at: Date | null;
}

/** A site, where it belongs, and which brands' agents work there. */
export interface PlacedSite {
  id: number;
  name: string;
  platformId: number;
  platform: string;
  brandIds: number[];
}

type StandingsQuery = SelectQueryBuilder<Database & { s: Database['ranking_standings'] }, 's', object>;

function inScope<Q extends StandingsQuery>(query: Q, ref: RankingScopeRef): Q {
  let q = query.where('s.attribute_id', '=', ref.attributeId).where('s.points', '>', 0);
  if (ref.scope === 'marca') q = q.where('s.brand_id', '=', ref.scopeId);
  if (ref.scope === 'plataforma') q = q.where('s.site_id', '=', ref.scopeId);
  return q as Q;
}

/** #domain/ranking compareStandings, as SQL: the order every index of migration 0005 holds. */
function inRankingOrder<Q extends StandingsQuery>(query: Q): Q {
  return query
    .orderBy('s.points', 'desc')
    .orderBy('s.finished_at', (ob) => ob.asc().nullsLast())
    .orderBy('s.reached_at', 'asc')
    .orderBy('s.user_id', 'asc') as Q;
}

/** A nickname prefix as a LIKE pattern (its own % and _ taken literally), lower-cased. */
export function prefixPattern(search: string): string {
  return `${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const columns = ['s.user_id', 'u.nick_name', 's.brand_id', 's.site_id', 's.points', 's.tasks', 's.finished_at', 's.reached_at'] as const;

/**
 * The queries behind the repository, unexecuted: the EXPLAIN test reads their plans, so what
 * it proves is what runs.
 */
export function createRankingQueries(db: Db) {
  const standings = () => db.selectFrom('ranking_standings as s') as unknown as StandingsQuery;
  const counts = (ref: RankingScopeRef) => db.selectFrom('ranking_score_counts')
    .select(sql<number>`coalesce(sum(agents), 0)::int`.as('n'))
    .where('attribute_id', '=', ref.attributeId).where('scope', '=', ref.scope).where('scope_id', '=', ref.scopeId);
  const matching = <Q extends StandingsQuery>(query: Q, search: string | null): Q =>
    (search ? query.where(sql<boolean>`lower(u.nick_name) LIKE ${prefixPattern(search)}`) : query) as Q;

  return {
    /** Rows `offset`..`offset + limit` of the ranking, optionally only nicknames starting with `search`. */
    page: (ref: RankingScopeRef, offset: number, limit: number, search: string | null) =>
      matching(inRankingOrder(inScope(standings(), ref)).innerJoin('users as u', 'u.id', 's.user_id'), search)
        .select(columns).offset(offset).limit(limit),

    /** Agents in the ranking: a sum over its score counts. */
    total: (ref: RankingScopeRef) => counts(ref),

    /** How many of the ranking match a search. */
    searchTotal: (ref: RankingScopeRef, search: string) =>
      matching(inScope(standings(), ref).innerJoin('users as u', 'u.id', 's.user_id'), search).select(sql<number>`count(*)::int`.as('n')),

    standingOf: (ref: RankingScopeRef, userId: number) =>
      inScope(standings(), ref).innerJoin('users as u', 'u.id', 's.user_id').select(columns).where('s.user_id', '=', userId),

    /** Agents on a higher score than `points`: a few rows of the score counts. */
    higherScores: (ref: RankingScopeRef, points: number) => counts(ref).where('points', '>', points),

    /** Agents on the same score ranked ahead of `me` by the tie-breaks: one index range. */
    tiesAhead: (ref: RankingScopeRef, me: StandingRow) => {
      const tied = inScope(standings(), ref).where('s.points', '=', me.points);
      const after = sql<boolean>`(s.reached_at, s.user_id) < (${me.reached_at}, ${me.user_id})`;
      const ahead = me.finished_at === null
        ? tied.where((eb) => eb.or([eb('s.finished_at', 'is not', null), eb.and([eb('s.finished_at', 'is', null), after])]))
        : tied.where((eb) => eb.or([eb('s.finished_at', '<', me.finished_at as Date), eb.and([eb('s.finished_at', '=', me.finished_at as Date), after])]));
      return ahead.select(sql<number>`count(*)::int`.as('n'));
    },
  };
}

export function createRankingRepository(db: Db) {
  const q = createRankingQueries(db);
  const count = async (query: { executeTakeFirstOrThrow(): Promise<unknown> }) => ((await query.executeTakeFirstOrThrow()) as { n: number }).n;

  return {
    async page(ref: RankingScopeRef, offset: number, limit: number, search: string | null): Promise<StandingRow[]> {
      return (await q.page(ref, offset, limit, search).execute()) as StandingRow[];
    },

    /** Agents in the ranking (or, with a search, how many of them match it). */
    async total(ref: RankingScopeRef, search: string | null): Promise<number> {
      return count(search ? q.searchTotal(ref, search) : q.total(ref));
    },

    /** The user's standing in this ranking, if the user is in it (an agent with points there). */
    async standingOf(ref: RankingScopeRef, userId: number): Promise<StandingRow | undefined> {
      return (await q.standingOf(ref, userId).executeTakeFirst()) as StandingRow | undefined;
    },

    /** The first of the ranking. */
    async first(ref: RankingScopeRef): Promise<StandingRow | undefined> {
      return (await this.page(ref, 0, 1, null))[0];
    },

    /** 1 + agents on a higher score + agents on the same score ahead by the tie-breaks. */
    async positionOf(ref: RankingScopeRef, me: StandingRow): Promise<number> {
      return (await count(q.higherScores(ref, me.points))) + (await count(q.tiesAhead(ref, me))) + 1;
    },

    async brands(): Promise<{ id: number; name: string }[]> {
      return db.selectFrom('brands').select(['id', 'name']).orderBy('id').execute();
    },

    /** Every site with its platform and the brands of the agents (empty perfil) working there, in the organisation's order. */
    async sites(): Promise<PlacedSite[]> {
      const sites = await db.selectFrom('sites as st').innerJoin('platforms as p', 'p.id', 'st.platform_id')
        .select(['st.id', 'st.name', 'st.platform_id', 'p.name as platform']).orderBy('st.platform_id').orderBy('st.id').execute();
      const placed = await db.selectFrom('users').select(['site_id', 'brand_id']).distinct()
        .where('perfil', '=', '').where('site_id', 'is not', null).execute();
      return sites.map((site) => ({
        id: site.id, name: site.name, platformId: site.platform_id, platform: site.platform,
        brandIds: placed.filter((p) => p.site_id === site.id).map((p) => p.brand_id).sort((a, b) => a - b),
      }));
    },
  };
}

export type RankingRepository = ReturnType<typeof createRankingRepository>;
