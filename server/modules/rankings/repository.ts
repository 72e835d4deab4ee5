// Ranking reads over the standings: a page with its total (one index range in ranking order
// and a sum over the score counts, one query), a nickname search (matching users first, then
// their standings, their real positions and the totals, one query), an agent's standing with
// its position, the rows around it (keyset, never an OFFSET into the table), the first of a
// scope; the brands and sites a viewer may choose among. Never aggregates the ledger; never writes.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import {
  agentsSql, columns, inRankingOrder, inReverseOrder, inScope, ORDER, positionSql, prefixPattern, REVERSE_ORDER, tiedAheadSql,
  type RankingScopeRef, type StandingsQuery,
} from './ranking-sql.ts';

export type { RankingScopeRef } from './ranking-sql.ts';

type Db = Kysely<Database>;

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

/** A standing with its (dense) position in the whole ranking. */
export interface RankedRow extends StandingRow {
  position: number;
}

/** A site, where it belongs, and which brands' agents work there. */
export interface PlacedSite {
  id: number;
  name: string;
  platformId: number;
  platform: string;
  brandIds: number[];
}

/**
 * The queries behind the repository, unexecuted: the EXPLAIN test reads their plans, so what
 * it proves is what runs.
 */
export function createRankingQueries(db: Db) {
  const standings = () => db.selectFrom('ranking_standings as s') as unknown as StandingsQuery;
  const ranked = (ref: RankingScopeRef) => inRankingOrder(inScope(standings(), ref)).innerJoin('users as u', 'u.id', 's.user_id').select(columns);

  return {
    /** Rows `offset`..`offset + limit` of the ranking and its size; one row of nulls but the total when the page is empty. */
    page: (ref: RankingScopeRef, offset: number, limit: number) =>
      db.selectFrom(sql<{ total: number }>`(SELECT ${agentsSql(ref)} AS total)`.as('n'))
        .leftJoinLateral(ranked(ref).offset(offset).limit(limit).as('s'), (join) => join.onTrue())
        .selectAll('s').select('n.total')
        .orderBy('s.points', 'desc').orderBy('s.finished_at', (ob) => ob.asc().nullsLast()).orderBy('s.reached_at', 'asc').orderBy('s.user_id', 'asc'),

    /** Agents in the ranking. */
    total: (ref: RankingScopeRef) => db.selectNoFrom(agentsSql(ref).as('n')),

    /** The first of the ranking: one index entry. */
    first: (ref: RankingScopeRef) => ranked(ref).limit(1),

    /** Whether the first of a site's ranking is also the first of its brand's: two index entries. */
    siteFirstLeadsBrand: (ref: RankingScopeRef) =>
      db.selectFrom(ranked(ref).limit(1).as('top')).select(sql<boolean>`top.user_id = (SELECT b.user_id FROM ranking_standings b
        WHERE b.attribute_id = ${ref.attributeId} AND b.points > 0 AND b.brand_id = top.brand_id
        ORDER BY b.points DESC, b.finished_at ASC NULLS LAST, b.reached_at ASC, b.user_id ASC LIMIT 1)`.as('leads')),

    /**
     * Rows `offset`..`offset + limit` of the agents whose nickname starts with `search`, with
     * their positions in the whole ranking, how many match, and the ranking's size. The
     * matching users are found first through the nickname prefix index and materialised with
     * only their ranking keys, so the plan never walks the ranking filtering by nickname and
     * one pass serves both the count and the page; only the page's rows are read whole and
     * get positions.
     */
    search: (ref: RankingScopeRef, offset: number, limit: number, search: string) =>
      db.with((cte) => cte('hits').materialized(), () =>
        inScope(standings(), ref).innerJoin('users as u', 'u.id', 's.user_id')
          .where(sql<boolean>`lower(u.nick_name) LIKE ${prefixPattern(search)}`).select(['s.user_id', 's.points', 's.finished_at', 's.reached_at']))
        .selectFrom(sql<{ total: number; scope_total: number }>`(SELECT count(*)::int AS total, ${agentsSql(ref)} AS scope_total FROM hits)`.as('n'))
        .leftJoinLateral((eb) => eb.selectFrom('hits as h').select('h.user_id')
          .orderBy('h.points', 'desc').orderBy('h.finished_at', (ob) => ob.asc().nullsLast()).orderBy('h.reached_at', 'asc').orderBy('h.user_id', 'asc')
          .offset(offset).limit(limit).as('p'), (join) => join.onTrue())
        .leftJoin('ranking_standings as s', (join) => join.onRef('s.user_id', '=', 'p.user_id').on('s.attribute_id', '=', ref.attributeId))
        .leftJoin('users as u', 'u.id', 's.user_id')
        .select(columns).select(['n.total', 'n.scope_total']).select(positionSql(ref, 's').as('position'))
        .orderBy('s.points', 'desc').orderBy('s.finished_at', (ob) => ob.asc().nullsLast()).orderBy('s.reached_at', 'asc').orderBy('s.user_id', 'asc'),

    /** The user's standing in this ranking with its position. */
    mine: (ref: RankingScopeRef, userId: number) =>
      inScope(standings(), ref).innerJoin('users as u', 'u.id', 's.user_id').select(columns)
        .select(positionSql(ref, 's').as('position')).where('s.user_id', '=', userId),

    /**
     * The agent's neighbours: up to `span` rows ranked just ahead of it (`offset` -1, -2, …: the
     * index read backwards from the agent) and the agent and up to `span` after it (0, 1, …).
     * The agent's row is joined as `me`, so the tie-breaks compare in the database; its score
     * (an integer, exact) bounds the index range.
     */
    around: (ref: RankingScopeRef, me: { user_id: number; points: number }, span: number) => {
      // Keys first (only the index's columns: an index-only walk over the tied score), then their rows.
      const keys = () => inScope(standings(), ref)
        .innerJoin('ranking_standings as me', (join) => join.on('me.attribute_id', '=', ref.attributeId).on('me.user_id', '=', me.user_id))
        .select('s.user_id');
      const ahead = inReverseOrder(keys()).where('s.points', '>=', me.points)
        .where((eb) => eb.or([eb('s.points', '>', eb.ref('me.points')), eb.and([eb('s.points', '=', eb.ref('me.points')), tiedAheadSql('s', 'me')])]))
        .select(sql<number>`-row_number() OVER (ORDER BY ${REVERSE_ORDER})::int`.as('offset')).limit(span);
      const after = inRankingOrder(keys()).where('s.points', '<=', me.points)
        .where((eb) => eb.or([eb('s.points', '<', eb.ref('me.points')), eb.and([eb('s.points', '=', eb.ref('me.points')), eb.not(tiedAheadSql('s', 'me'))])]))
        .select(sql<number>`(row_number() OVER (ORDER BY ${ORDER}) - 1)::int`.as('offset')).limit(span + 1);
      return db.selectFrom(db.selectFrom(ahead.as('a')).selectAll().unionAll(db.selectFrom(after.as('b')).selectAll()).as('k'))
        .innerJoin('ranking_standings as s', (join) => join.onRef('s.user_id', '=', 'k.user_id').on('s.attribute_id', '=', ref.attributeId))
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(columns).select('k.offset');
    },

    /**
     * Every site with its platform and the brands whose agents work there: each (site, brand)
     * pair is one probe of the users' (brand_id, site_id) index, never a scan of the agents.
     */
    sites: () => db.selectFrom('sites as st').innerJoin('platforms as p', 'p.id', 'st.platform_id')
      .select(['st.id', 'st.name', 'st.platform_id', 'p.name as platform'])
      .select(sql<number[] | null>`(SELECT array_agg(b.id ORDER BY b.id) FROM brands b WHERE EXISTS (
        SELECT 1 FROM users u WHERE u.brand_id = b.id AND u.site_id = st.id AND u.perfil = ''))`.as('brand_ids'))
      .orderBy('st.platform_id').orderBy('st.id'),
  };
}

export function createRankingRepository(db: Db) {
  const q = createRankingQueries(db);
  type Nullable<T> = { [K in keyof T]: T[K] | null };
  const standing = ({ user_id, nick_name, brand_id, site_id, points, tasks, finished_at, reached_at }: StandingRow): StandingRow =>
    ({ user_id, nick_name, brand_id, site_id, points, tasks, finished_at, reached_at });

  return {
    /** A page of the ranking (positions follow from `offset`) and how many agents it has. */
    async page(ref: RankingScopeRef, offset: number, limit: number): Promise<{ rows: StandingRow[]; total: number }> {
      const found = (await q.page(ref, offset, limit).execute()) as (Nullable<StandingRow> & { total: number })[];
      return { rows: found.filter((row): row is StandingRow & { total: number } => row.user_id !== null).map(standing), total: found[0]?.total ?? 0 };
    },

    /** A page of the agents whose nickname starts with `search`, with their real positions; how many match; the ranking's size. */
    async search(ref: RankingScopeRef, offset: number, limit: number, search: string): Promise<{ rows: RankedRow[]; total: number; scopeTotal: number }> {
      const found = (await q.search(ref, offset, limit, search).execute()) as (Nullable<RankedRow> & { total: number; scope_total: number })[];
      const rows = found.filter((row): row is RankedRow & { total: number; scope_total: number } => row.user_id !== null)
        .map((row) => ({ ...standing(row), position: row.position }));
      return { rows, total: found[0]?.total ?? 0, scopeTotal: found[0]?.scope_total ?? 0 };
    },

    /** Agents in the ranking. */
    async total(ref: RankingScopeRef): Promise<number> {
      return (await q.total(ref).executeTakeFirstOrThrow()).n;
    },

    /** The user's standing in this ranking with its position, if the user is in it (an agent with points there). */
    async mine(ref: RankingScopeRef, userId: number): Promise<RankedRow | undefined> {
      const row = (await q.mine(ref, userId).executeTakeFirst()) as RankedRow | undefined;
      return row && { ...standing(row), position: row.position };
    },

    /** The user's standing in this ranking, without its position. */
    async standingOf(ref: RankingScopeRef, userId: number): Promise<StandingRow | undefined> {
      const row = await q.mine(ref, userId).clearSelect().select(columns).executeTakeFirst();
      return row && standing(row as StandingRow);
    },

    /** Up to `span` rows either side of `me`, and `me`, in ranking order with their positions. */
    async around(ref: RankingScopeRef, me: RankedRow, span: number): Promise<RankedRow[]> {
      const rows = (await q.around(ref, me, span).execute()) as (StandingRow & { offset: number })[];
      return rows.sort((a, b) => a.offset - b.offset).map((row) => ({ ...standing(row), position: me.position + row.offset }));
    },

    /** The first of the ranking. */
    async first(ref: RankingScopeRef): Promise<StandingRow | undefined> {
      const row = await q.first(ref).executeTakeFirst();
      return row && standing(row);
    },

    /** A site ranking's first is also its brand's first (false when the site has nobody). */
    async siteFirstLeadsBrand(ref: RankingScopeRef): Promise<boolean> {
      return (await q.siteFirstLeadsBrand(ref).executeTakeFirst())?.leads === true;
    },

    async brands(): Promise<{ id: number; name: string }[]> {
      return db.selectFrom('brands').select(['id', 'name']).orderBy('id').execute();
    },

    /** Every site with its platform and the brands of the agents (empty perfil) working there, in the organisation's order. */
    async sites(): Promise<PlacedSite[]> {
      const rows = await q.sites().execute();
      return rows.map((site) => ({ id: site.id, name: site.name, platformId: site.platform_id, platform: site.platform, brandIds: site.brand_ids ?? [] }));
    },
  };
}

export type RankingRepository = ReturnType<typeof createRankingRepository>;
