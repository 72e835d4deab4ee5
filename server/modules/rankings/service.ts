// Ranking answers (spec 3 and 7): pages with their prize tiers and brand-winner flag, the
// user's position, points and difference to the first, and the "± neighbours" panel. An
// agent only ever sees the rankings of its own brand and site; staff (never in a ranking)
// choose a brand or site within their scope (#domain/ranking-scope), checked here whatever
// the client sends.
import type {
  DifferenceResponse, NeighboursResponse, PointsResponse, PositionResponse, RankingOptions, RankingPage, RankingPageQuery, RankingRow, RankingView,
} from '#contract/ranking';
import { attributeIdFromSlug } from '#domain/attributes';
import { BRAND_TIERS, GLOBAL_TIERS, NEIGHBOUR_SPAN, pointsDifference, prizeTiers, type PrizeTiers } from '#domain/ranking';
import { choosesRankingScope, rankingReach, reachesBrand, reachesSite, type RankingReach } from '#domain/ranking-scope';
import type { Database, UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import type { Kysely } from 'kysely';
import { cachedReads, type ReadCache } from '#server/read-cache';
import { createRankingRepository, type PlacedSite, type RankedRow, type RankingScopeRef, type StandingRow } from './repository.ts';
import { GLOBAL_RANKING } from './standings.ts';

export const ATTRIBUTE_NOT_FOUND = 'No existe ese atributo';
export const OUT_OF_RANKING_SCOPE = 'No puedes ver rankings fuera de tu ámbito';
const NO_SUCH_BRAND = 'No existe esa marca';
const NO_SUCH_SITE = 'No existe esa sede';

/** The site or brand a page names (staff's choice); absent means the user's own, or the first in scope. */
export type ScopeChoice = Pick<RankingPageQuery, 'sede' | 'marca'>;

const reachOf = (user: UserRow): RankingReach =>
  rankingReach({ perfil: user.perfil, brandId: user.brand_id, platformId: user.platform_id, siteId: user.site_id });

/** {atributo} of the paths: an id (1-7) or a slug ("accesible"). */
export function parseAttributeParam(value: string): number | null {
  if (/^\d{1,2}$/.test(value)) return Number(value);
  return attributeIdFromSlug(value);
}

const toRow = (row: StandingRow, position: number): RankingRow => ({
  user_id: row.user_id,
  user_position: position,
  nick_name: row.nick_name?.trim() ? row.nick_name : null,
  puntos_totales: row.points,
  tareas_completadas: row.tasks,
});

/** With a cache (the routes'), reads are served from it while it is live; without one, always from the database. */
export function createRankingService(db: Kysely<Database>, cache?: ReadCache) {
  const direct = createRankingRepository(db);
  const repo = cache
    ? cachedReads(direct, cache, 'rankings', ['page', 'search', 'total', 'mine', 'standingOf', 'around', 'first', 'siteFirstLeadsBrand', 'brands', 'sites'])
    : direct;
  const attributeRow = (id: number) => db.selectFrom('attributes').select(['id', 'enabled']).where('id', '=', id).executeTakeFirst();
  const readAttribute = cache ? (id: number) => cache.read(`attribute:${id}`, () => attributeRow(id)) : attributeRow;

  /** An enabled attribute, else 404 (disabled attributes have no ranking yet). */
  async function enabledAttribute(atributo: string): Promise<number> {
    const id = parseAttributeParam(atributo);
    const found = id === null ? undefined : await readAttribute(id);
    if (!found?.enabled) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
    return found.id;
  }

  /** The sites whose rankings the reach may read; for staff only those with agents working there. */
  async function readableSites(reach: RankingReach): Promise<PlacedSite[]> {
    return (await repo.sites()).filter((site) => (reach.kind === 'own' || site.brandIds.length > 0) && reachesSite(reach, site));
  }

  /** The site shown when none is named: the user's own if readable, else the first. */
  const firstSite = (user: UserRow, sites: PlacedSite[]): number | null => sites.find((site) => site.id === user.site_id)?.id ?? sites[0]?.id ?? null;

  /** The brand a brand page shows: the one named (403 outside the reach), else the user's own. */
  async function brandFor(user: UserRow, reach: RankingReach, wanted: number | undefined): Promise<number> {
    if (wanted === undefined) return user.brand_id;
    if (!(await repo.brands()).some((b) => b.id === wanted)) throw new HttpError(404, NO_SUCH_BRAND);
    if (!reachesBrand(reach, wanted)) throw new HttpError(403, OUT_OF_RANKING_SCOPE);
    return wanted;
  }

  /** The site a site page shows: the one named (403 outside the reach), else the agent's own or staff's first. */
  async function siteFor(user: UserRow, reach: RankingReach, wanted: number | undefined): Promise<number | null> {
    if (wanted === undefined && !choosesRankingScope(reach)) return user.site_id;
    if (wanted === undefined) return firstSite(user, await readableSites(reach));
    const site = (await repo.sites()).find((s) => s.id === wanted);
    if (!site) throw new HttpError(404, NO_SUCH_SITE);
    if (!reachesSite(reach, site)) throw new HttpError(403, OUT_OF_RANKING_SCOPE);
    return site.id;
  }

  /** The ranking `view` shows this user: by brand or by site; null when there is no site to show. */
  async function scopeFor(user: UserRow, view: RankingView, atributo: string | null, choice: ScopeChoice = {}): Promise<RankingScopeRef | null> {
    if (view === 'global') return { attributeId: GLOBAL_RANKING, scope: 'global', scopeId: 0 };
    const attributeId = await enabledAttribute(atributo ?? '');
    const reach = reachOf(user);
    if (view === 'marca') return { attributeId, scope: 'marca', scopeId: await brandFor(user, reach, choice.marca) };
    const siteId = await siteFor(user, reach, choice.sede);
    return siteId === null ? null : { attributeId, scope: 'plataforma', scopeId: siteId };
  }

  function tiersOf(ref: RankingScopeRef, siteAgents: number): PrizeTiers {
    if (ref.scope === 'global') return GLOBAL_TIERS;
    return ref.scope === 'marca' ? BRAND_TIERS : prizeTiers(siteAgents);
  }

  /**
   * Site page: its first is also the first of that agent's brand. Brand page: the brand's first
   * works in the viewer's site. Either way position 1 gets the brand-winner style. `top` is the
   * brand ranking's first (null: nobody) when the caller already read it, on a first page.
   */
  async function brandWinnerHere(user: UserRow, ref: RankingScopeRef, top?: StandingRow | null): Promise<boolean> {
    if (ref.scope === 'global') return false;
    if (ref.scope === 'plataforma') return repo.siteFirstLeadsBrand(ref);
    const first = top === undefined ? await repo.first(ref) : top;
    return user.site_id !== null && first?.site_id === user.site_id;
  }

  /**
   * One answer per cached read (kept by the cache, so the same object while it lasts) and
   * brand-winner flag: the route then sends a kept answer as the text it was first written as.
   * The read's key already holds the scope, page and search the answer is made of.
   */
  const answers = new WeakMap<object, Map<boolean, RankingPage>>();
  function answerOf(read: object, here: boolean, make: (here: boolean) => RankingPage): RankingPage {
    let byFlag = answers.get(read);
    if (!byFlag) answers.set(read, (byFlag = new Map()));
    let answer = byFlag.get(here);
    if (!answer) byFlag.set(here, (answer = make(here)));
    return answer;
  }

  const mine = async (user: UserRow, ref: RankingScopeRef | null): Promise<RankedRow | undefined> => (ref ? repo.mine(ref, user.id) : undefined);

  return {
    scopeFor,

    /** The brands and sites the user may look at, and the ones a screen shows first. */
    async options(user: UserRow): Promise<RankingOptions> {
      const reach = reachOf(user);
      const brands = (await repo.brands()).filter((b) => reachesBrand(reach, b.id));
      const sites = await readableSites(reach);
      return {
        marcas: brands.map((b) => ({ id: b.id, nombre: b.name })),
        sedes: sites.map((site) => ({ id: site.id, nombre: site.name, plataforma: site.platform })),
        marca: brands.some((b) => b.id === user.brand_id) ? user.brand_id : brands[0]?.id ?? null,
        sede: firstSite(user, sites),
      };
    },

    async page(user: UserRow, view: RankingView, atributo: string | null, query: RankingPageQuery): Promise<RankingPage> {
      const ref = await scopeFor(user, view, atributo, query);
      const search = query.search?.trim() || null;
      // A site view with no site to show (an agent without one, staff with none in scope): empty.
      if (!ref) return { data: [], total: 0, numero_ganadores: prizeTiers(0), is_marca_top_uno_here: false };
      const offset = (query.page - 1) * query.per_page;
      if (search) {
        // A search's rows keep their real positions in the whole ranking; the tiers depend on
        // the site's active agents, not on how many match.
        const found = await repo.search(ref, offset, query.per_page, search);
        return answerOf(found, await brandWinnerHere(user, ref), (here) => ({
          data: found.rows.map((row) => toRow(row, row.position)), total: found.total,
          numero_ganadores: tiersOf(ref, found.scopeTotal), is_marca_top_uno_here: here,
        }));
      }
      // Without a search the page's positions follow from its offset.
      const read = await repo.page(ref, offset, query.per_page);
      const { rows, total } = read;
      return answerOf(read, await brandWinnerHere(user, ref, offset === 0 ? rows[0] ?? null : undefined), (here) => ({
        data: rows.map((row, i) => toRow(row, offset + i + 1)), total, numero_ganadores: tiersOf(ref, total), is_marca_top_uno_here: here,
      }));
    },

    async position(user: UserRow, view: RankingView, atributo: string | null): Promise<PositionResponse> {
      return { position: (await mine(user, await scopeFor(user, view, atributo)))?.position ?? null };
    },

    async points(user: UserRow, view: RankingView, atributo: string | null): Promise<PointsResponse> {
      const ref = await scopeFor(user, view, atributo);
      return { total_points: (ref ? await repo.standingOf(ref, user.id) : undefined)?.points ?? 0 };
    },

    async difference(user: UserRow, view: RankingView, atributo: string | null): Promise<DifferenceResponse> {
      const ref = await scopeFor(user, view, atributo);
      if (!ref) return { points_difference: 0 };
      const me = await repo.standingOf(ref, user.id);
      const first = await repo.first(ref);
      return { points_difference: me ? pointsDifference(first?.points ?? null, me.points) : 0 };
    },

    async neighbours(user: UserRow, view: RankingView, atributo: string | null): Promise<NeighboursResponse> {
      const ref = await scopeFor(user, view, atributo);
      const me = await mine(user, ref);
      if (!ref || !me) return { position: null, data: [] };
      const rows = await repo.around(ref, me, NEIGHBOUR_SPAN);
      return { position: me.position, data: rows.map((row) => toRow(row, row.position)) };
    },
  };
}

export type RankingService = ReturnType<typeof createRankingService>;
