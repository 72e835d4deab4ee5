// Seguimiento's rules on the server: who may read (INTERNO, PLATAFORMA, admin; never from an
// impersonation), the narrowing a filter may ask for inside the caller's impersonation scope
// (#domain/impersonation: 403 outside it, 404 for what does not exist), and the figures,
// nudges and questions assembled from the repository's counter sums with #domain/coaching.
import type {
  CoachingBySite, CoachingFigures, CoachingFilter, CoachingNudges, CoachingNudgesQuery, CoachingOptions, CoachingOverview,
  CoachingQuestions,
} from '#contract/coaching';
import { COACHING_SCOPE_TEXTS } from '#contract/coaching-constants';
import { calendarDay, currentAttribute, type CalendarEntry } from '#domain/calendar';
import { daysSoFar, figuresReach, meanQuizScore, nudgeStateOf, previousAttribute, stalledBefore, whatIsLeft } from '#domain/coaching';
import { impersonationScope, type ImpersonationScope } from '#domain/impersonation';
import { retentionRate } from '#domain/repaso';
import type { AppDeps } from '#server/deps';
import type { UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { cachedReads, type ReadCache } from '#server/read-cache';
import { createCoachingRepository, type GroupKey, type Narrowing } from './repository.ts';

export const NO_ACCESS = 'No tienes acceso a Seguimiento';
export const OUT_OF_SCOPE = 'Esa selección queda fuera de tu ámbito';
const NO_SUCH_ATTRIBUTE = 'No existe ese atributo';
const NO_SUCH_BRAND = 'No existe esa marca';
const NO_SUCH_PLATFORM = 'No existe esa plataforma';
const NO_SUCH_SITE = 'No existe esa sede';

/** Who is asking, and whether the session is an impersonation (which never reads Seguimiento). */
export interface Caller {
  user: UserRow;
  impersonating: boolean;
}

type DatedEntry = CalendarEntry & { month_start: string; month_end: string };
const isDated = (e: CalendarEntry): e is DatedEntry => e.month_start !== null && e.month_end !== null;

/** With a cache (the routes'), the counters are read from it while it is live; nudges (by the clock) never are. */
export function createCoachingService({ db, clock, cache }: Pick<AppDeps, 'db' | 'clock'> & { cache?: ReadCache }) {
  const direct = createCoachingRepository(db);
  const repo = cache
    ? cachedReads(direct, cache, 'coaching', [
      'figures', 'pointsPerDay', 'answerCounts', 'questions', 'placements', 'brands', 'platforms', 'sites', 'findBrand', 'findPlatform', 'findSite', 'calendar',
    ])
    : direct;

  function scopeOf(caller: Caller): ImpersonationScope {
    const scope = caller.impersonating
      ? { kind: 'none' as const }
      : impersonationScope({ perfil: caller.user.perfil, brandId: caller.user.brand_id, platformId: caller.user.platform_id });
    if (scope.kind === 'none') throw new HttpError(403, NO_ACCESS);
    return scope;
  }

  /** The whole scope as a narrowing. */
  function scopeNarrowing(scope: ImpersonationScope): Narrowing {
    switch (scope.kind) {
      case 'brands':
        return { brandIds: scope.brandIds, platformIds: null, siteId: null };
      case 'platforms':
        return { brandIds: [scope.brandId], platformIds: scope.platformIds, siteId: null };
      default:
        return { brandIds: null, platformIds: null, siteId: null };
    }
  }

  /** The scope narrowed by the filter: a brand, platform or site outside the scope is refused. */
  async function narrow(caller: Caller, filter: CoachingFilter): Promise<Narrowing> {
    const scope = scopeOf(caller);
    const n = { ...scopeNarrowing(scope) };
    // A brand-bound scope reaches the platforms and sites where its agents work (what the
    // ambito answer offers): any other is refused, never answered with zeros.
    const reached = scope.kind === 'all' ? null : await repo.placements(scopeNarrowing(scope));
    if (filter.marca !== undefined) {
      if (!(await repo.findBrand(filter.marca))) throw new HttpError(404, NO_SUCH_BRAND);
      if (n.brandIds !== null && !n.brandIds.includes(filter.marca)) throw new HttpError(403, OUT_OF_SCOPE);
      n.brandIds = [filter.marca];
    }
    if (filter.plataforma !== undefined) {
      if (!(await repo.findPlatform(filter.plataforma))) throw new HttpError(404, NO_SUCH_PLATFORM);
      if (n.platformIds !== null && !n.platformIds.includes(filter.plataforma)) throw new HttpError(403, OUT_OF_SCOPE);
      if (reached && !reached.some((p) => p.platform_id === filter.plataforma)) throw new HttpError(403, OUT_OF_SCOPE);
      n.platformIds = [filter.plataforma];
    }
    if (filter.sede !== undefined) {
      const site = await repo.findSite(filter.sede);
      if (!site) throw new HttpError(404, NO_SUCH_SITE);
      if (scope.kind === 'platforms' && !scope.platformIds.includes(site.platform_id)) throw new HttpError(403, OUT_OF_SCOPE);
      if (reached && !reached.some((p) => p.site_id === site.id)) throw new HttpError(403, OUT_OF_SCOPE);
      n.siteId = site.id;
    }
    return n;
  }

  async function datedCalendar(): Promise<DatedEntry[]> {
    return (await repo.calendar()).filter(isDated);
  }

  async function attributeOf(raw: string | number): Promise<{ entry: DatedEntry; calendar: DatedEntry[] }> {
    const id = Number(raw);
    const calendar = await datedCalendar();
    const entry = calendar.find((e) => e.id === id);
    if (!Number.isInteger(id) || !entry) throw new HttpError(404, NO_SUCH_ATTRIBUTE);
    return { entry, calendar };
  }

  /** Figures per attribute and group key (`by` null: the whole narrowing, key 0). */
  async function figuresBy(attributeIds: number[], n: Narrowing, by: GroupKey | null): Promise<Map<string, CoachingFigures>> {
    const rows = await repo.figures(attributeIds, n, by);
    const figures = rows.map((r): [string, CoachingFigures] => [`${r.attribute_id}:${r.key}`, {
      agentes: r.agents, iniciaron: r.started, terminaron: r.finished, reface: r.reface,
      media_quiz: meanQuizScore(r.quiz_points, r.quizzes), puntos: r.points,
    }]);
    // A group everyone left (counters decremented to zero) is no group.
    return new Map(by === null ? figures : figures.filter(([, f]) => f.agentes > 0 || f.iniciaron > 0 || f.puntos > 0));
  }

  const zeroFigures: CoachingFigures = { agentes: 0, iniciaron: 0, terminaron: 0, reface: 0, media_quiz: null, puntos: 0 };

  const service = {
    scopeOf,

    async options(caller: Caller): Promise<CoachingOptions> {
      const n = scopeNarrowing(scopeOf(caller));
      const [placements, brands, platforms, sites, calendar] = await Promise.all([
        repo.placements(n), repo.brands(), repo.platforms(), repo.sites(), datedCalendar(),
      ]);
      const brandIds = new Set(n.brandIds ?? brands.map((b) => b.id));
      const platformBrands = new Map<number, Set<number>>();
      for (const p of placements) if (p.platform_id !== 0) platformBrands.set(p.platform_id, (platformBrands.get(p.platform_id) ?? new Set()).add(p.brand_id));
      const siteIds = new Set(placements.map((p) => p.site_id));
      const sorted = [...calendar].sort((a, b) => b.month_start.localeCompare(a.month_start));
      return {
        marcas: brands.filter((b) => brandIds.has(b.id)).map((b) => ({ id: b.id, nombre: b.name })),
        plataformas: platforms.filter((p) => platformBrands.has(p.id))
          .map((p) => ({ id: p.id, nombre: p.name, marca_ids: [...(platformBrands.get(p.id) ?? [])].sort((a, b) => a - b) })),
        sedes: sites.filter((s) => siteIds.has(s.id)).map((s) => ({ id: s.id, nombre: s.name, plataforma_id: s.platform_id })),
        atributos: sorted.map((e) => ({ id: e.id, slug: e.slug, nombre: e.nombre, month_start: e.month_start, month_end: e.month_end })),
        actual: currentAttribute(calendar, clock())?.id ?? null,
      };
    },

    async overview(caller: Caller, atributo: string | number, filter: CoachingFilter): Promise<CoachingOverview> {
      const n = await narrow(caller, filter);
      const { entry, calendar } = await attributeOf(atributo);
      const previous = previousAttribute(calendar, entry.month_start);
      const ids = previous ? [entry.id, previous.id] : [entry.id];
      const [figures, days] = await Promise.all([figuresBy(ids, n, null), repo.pointsPerDay(entry.id, n)]);
      const perDay = new Map(days.map((r) => [r.day, r.points]));
      return {
        atributo: entry.id,
        figuras: figures.get(`${entry.id}:0`) ?? zeroFigures,
        anterior: previous ? { atributo: previous.id, figuras: figures.get(`${previous.id}:0`) ?? zeroFigures } : null,
        puntos_por_dia: daysSoFar(entry.month_start, entry.month_end, calendarDay(clock())).map((dia) => ({ dia, puntos: perDay.get(dia) ?? 0 })),
      };
    },

    async bySite(caller: Caller, atributo: string | number, filter: CoachingFilter): Promise<CoachingBySite> {
      const n = await narrow(caller, filter);
      const { entry } = await attributeOf(atributo);
      const [bySite, byPlatform, sites, platforms] = await Promise.all([
        figuresBy([entry.id], n, 'site_id'), scopeOf(caller).kind === 'platforms' ? new Map<string, CoachingFigures>() : figuresBy([entry.id], n, 'platform_id'),
        repo.sites(), repo.platforms(),
      ]);
      const platformName = new Map(platforms.map((p) => [p.id, p.name]));
      return {
        sedes: sites.flatMap((s) => {
          const f = bySite.get(`${entry.id}:${s.id}`);
          return f ? [{ id: s.id, nombre: s.name, plataforma: platformName.get(s.platform_id) ?? '', ...f }] : [];
        }).sort((a, b) => a.plataforma.localeCompare(b.plataforma, 'es') || a.nombre.localeCompare(b.nombre, 'es')),
        plataformas: platforms.flatMap((p) => {
          const f = byPlatform.get(`${entry.id}:${p.id}`);
          return f ? [{ id: p.id, nombre: p.name, ...f }] : [];
        }),
      };
    },

    async nudges(caller: Caller, atributo: string | number, query: CoachingNudgesQuery, all = false): Promise<CoachingNudges> {
      const n = await narrow(caller, query);
      const { entry } = await attributeOf(atributo);
      const now = clock();
      const search = query.search?.trim() ? query.search.trim() : null;
      const page = await repo.nudges(entry.id, n, {
        stalledBefore: stalledBefore(now, query.dias), search,
        limit: all ? null : query.per_page, offset: all ? 0 : (query.page - 1) * query.per_page,
      });
      return {
        total: page.total,
        data: page.rows.map((r) => {
          const state = r.last_activity_at === null ? null
            : { lastActivityAt: r.last_activity_at, finished: false, videosSeen: r.videos_seen ?? 0, quizMask: r.quiz_mask ?? 0, reface: r.reface ?? false };
          return {
            user_id: r.id, nick_name: r.nick_name, name: r.name,
            estado: nudgeStateOf(state, now, query.dias) ?? 'parado',
            ultima_actividad: r.last_activity_at?.toISOString() ?? null,
            // Against the agent's own training: the visible videos, and hidden ones it had seen.
            ...whatIsLeft(state, r.videos_total),
          };
        }),
      };
    },

    async questions(caller: Caller, atributo: string | number, filter: CoachingFilter): Promise<CoachingQuestions> {
      const n = await narrow(caller, filter);
      const { entry } = await attributeOf(atributo);
      const [rows, counts, reviews] = await Promise.all([repo.questions(entry.id), repo.answerCounts(entry.id, n), repo.firstReviews(entry.id, n)]);
      const reviewed = new Map(reviews.map((r) => [r.question_id, r]));
      const chosen = new Map(counts.map((c) => [c.option_id, c.answers]));
      const byQuestion = new Map<number, { quiz: number; position: number; text: string; options: { text: string; correct: boolean; times: number }[] }>();
      for (const r of rows) {
        const q = byQuestion.get(r.id) ?? { quiz: r.quiz, position: r.position, text: r.text, options: [] };
        q.options.push({ text: r.option_text, correct: r.correct, times: chosen.get(r.option_id) ?? 0 });
        byQuestion.set(r.id, q);
      }
      const quizzes = new Map<number, CoachingQuestions['quizzes'][number]['preguntas']>();
      for (const [id, q] of byQuestion) {
        const respuestas = q.options.reduce((sum, o) => sum + o.times, 0);
        const wrong = q.options.filter((o) => !o.correct);
        const fallos = wrong.reduce((sum, o) => sum + o.times, 0);
        const top = wrong.filter((o) => o.times > 0).sort((a, b) => b.times - a.times)[0];
        const list = quizzes.get(q.quiz) ?? [];
        list.push({
          question_id: id, posicion: q.position, texto: q.text, respuestas, fallos,
          tasa_fallo: respuestas === 0 ? 0 : fallos / respuestas,
          fallo_mas_elegido: top ? { texto: top.text, veces: top.times } : null,
          repaso_vistas: reviewed.get(id)?.seen ?? 0,
          repaso_aciertos: reviewed.get(id)?.right ?? 0,
          retencion: retentionRate(reviewed.get(id)?.seen ?? 0, reviewed.get(id)?.right ?? 0),
        });
        quizzes.set(q.quiz, list);
      }
      return {
        quizzes: [...quizzes].sort(([a], [b]) => a - b).map(([quiz, preguntas]) => ({
          quiz, preguntas: preguntas.sort((a, b) => b.tasa_fallo - a.tasa_fallo || b.fallos - a.fallos || a.posicion - b.posicion),
        })),
      };
    },

    /** The attribute's slug (for the download's file name), 404 when it has no month. */
    async slugOf(atributo: string | number): Promise<string> {
      return (await attributeOf(atributo)).entry.slug;
    },

    /** Each dated attribute's name by id (a workbook names attributes, never numbers them). */
    async attributeNames(): Promise<Map<number, string>> {
      return new Map((await datedCalendar()).map((e) => [e.id, e.nombre]));
    },

    /**
     * What a workbook's figures were chosen with, by name: the attribute and its month, the
     * brand, platform and site (the caller's own scope when none was chosen) and the last day the
     * figures reach. The filter was already checked by the table's read.
     */
    async chosen(caller: Caller, atributo: string | number, filter: CoachingFilter): Promise<[string, string][]> {
      const scope = scopeOf(caller);
      const [{ entry }, brands, platforms, sites] = await Promise.all([attributeOf(atributo), repo.brands(), repo.platforms(), repo.sites()]);
      const names = (list: readonly { id: number; name: string }[], ids: readonly number[]) => list.filter((x) => ids.includes(x.id)).map((x) => x.name).join(', ');
      const brandIds = filter.marca !== undefined ? [filter.marca]
        : scope.kind === 'brands' ? scope.brandIds : scope.kind === 'platforms' ? [scope.brandId] : null;
      const platformIds = filter.plataforma !== undefined ? [filter.plataforma] : scope.kind === 'platforms' ? scope.platformIds : null;
      const today = calendarDay(clock());
      const T = COACHING_SCOPE_TEXTS;
      return [
        ['Atributo', entry.nombre],
        ['Mes', `${entry.month_start} a ${entry.month_end}`],
        [T.marca.label, brandIds ? names(brands, brandIds) : T.marca.all],
        [T.plataforma.label, platformIds ? names(platforms, platformIds) : T.plataforma.all],
        [T.sede.label, filter.sede !== undefined ? names(sites, [filter.sede]) : T.sede.all],
        ['Datos hasta', figuresReach(entry.month_end, today)],
      ];
    },
  };
  if (!cache) return service;

  /**
   * The whole answer, kept per scope and arguments: it depends on nothing else, but for the
   * overview the day (its points per day reach today), which is then part of the key.
   */
  const whole = <A extends unknown[], R>(name: string, read: (caller: Caller, ...args: A) => Promise<R>, byDay = false) =>
    (caller: Caller, ...args: A): Promise<R> => {
      const key = [scopeOf(caller), ...args, ...(byDay ? [calendarDay(clock())] : [])];
      return cache.read(`coaching.${name}:${JSON.stringify(key)}`, () => read(caller, ...args));
    };
  return { ...service, overview: whole('overview', service.overview, true), bySite: whole('bySite', service.bySite), questions: whole('questions', service.questions) };
}

export type CoachingService = ReturnType<typeof createCoachingService>;
