import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coachingBySiteSchema, coachingNudgesSchema, coachingOverviewSchema, coachingQuestionsSchema, type CoachingFigures,
} from '#contract/coaching';
import { calendarDay } from '#domain/calendar';
import { countsForMonth, monthlyWindow } from '#domain/ranking';
import type { UserRow } from '#server/db/schema';
import { createQuizService } from '#server/modules/quiz/service';
import { createTrainingService } from '#server/modules/training/service';
import { createRng } from '#server/seed/prng';
import { credit, placeAgent, seededSites } from '#test-support/server/rankings';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { moveCoachingUser } from './aggregates.ts';
import { rebuildCoaching } from './aggregates-rebuild.ts';

// Every Seguimiento figure against a direct count over the facts: agents in every state on
// several brands, platforms and sites (plus a staff user with activity, never counted), their
// facts written through the real writers (training and quiz services, earnActivity), an
// import-like move, then the incremental aggregates compared with a rebuild from the facts,
// and each read compared with the count. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const NOW = new Date('2025-06-20T10:00:00Z');
const DAY = 86_400_000;
let ctx: TestContext;
const tokens: Record<string, string> = {};
let sites: { id: number; platform_id: number }[];

async function randomFacts(agents: UserRow[]): Promise<void> {
  const rng = createRng(2026);
  const deps = { db: ctx.db, config: ctx.config, clock: ctx.clock.now };
  const training = createTrainingService(deps);
  const quiz = createQuizService(deps);
  for (const attributeId of [2, 3]) {
    const videos = await ctx.db.selectFrom('videos').select('id').where('attribute_id', '=', attributeId).orderBy('position').execute();
    for (const agent of agents) {
      const engagement = rng.int(0, 4);
      if (engagement === 0) continue;
      // Each agent's activity happens on some day before now (its last activity varies).
      ctx.clock.set(new Date(NOW.getTime() - rng.int(0, attributeId === 3 ? 18 : 40) * DAY - rng.int(0, 3600) * 1000));
      for (const [i, video] of videos.entries()) {
        if (i > engagement) break;
        await training.report(agent.id, video.id, { porcentaje: engagement >= 2 ? 100 : 40, occurredAt: ctx.clock.now() }).catch(() => null);
      }
      for (const n of [1, 2] as const) {
        if (engagement < 3 && n === 2) continue;
        const started = await quiz.start(agent.id, attributeId, n).catch(() => null);
        if (!started) continue;
        const questions = await ctx.db.selectFrom('quiz_questions as q').innerJoin('quiz_options as o', 'o.question_id', 'q.id')
          .select(['q.id', 'o.id as option_id', 'o.correct']).where('q.attribute_id', '=', attributeId).where('q.quiz', '=', n)
          .orderBy('q.position').orderBy('o.position').execute();
        const ids = [...new Set(questions.map((q) => q.id))].slice(0, engagement === 4 ? 10 : rng.int(1, 9));
        for (const id of ids) {
          const options = questions.filter((q) => q.id === id);
          const option = rng.chance(0.6) ? options.find((o) => o.correct) : options[rng.int(0, options.length - 1)];
          await quiz.answer(agent.id, { participationId: started.id_participacion, questionId: id, attributeId, respuesta_id: option?.option_id ?? 0, occurredAt: ctx.clock.now() });
        }
      }
      // Credits inside the month, one before it, and one arriving after the sync grace.
      const month = attributeId === 3 ? '2025-06' : '2025-05';
      await credit(ctx.db, agent.id, rng.int(1, 9), attributeId, new Date(`${month}-0${rng.int(1, 9)}T${10 + rng.int(0, 12)}:00:00Z`));
      if (rng.chance(0.3)) await credit(ctx.db, agent.id, 7, attributeId, new Date(`${month}-01T00:30:00+02:00`), new Date(`${month}-01T00:30:00+02:00`));
      if (rng.chance(0.2)) await credit(ctx.db, agent.id, 5, attributeId, new Date(`${month}-0${rng.int(1, 9)}T09:00:00Z`), new Date('2025-06-19T10:00:00Z'));
    }
  }
  ctx.clock.set(NOW);
}

/** One agent moved to another site and platform, one who became staff, as an import does. */
async function moves(moved: UserRow, promoted: UserRow): Promise<void> {
  const target = sites.find((s) => s.id !== moved.site_id) ?? sites[0];
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ site_id: target?.id ?? null, platform_id: target?.platform_id ?? null, brand_id: 1 }).where('id', '=', moved.id).execute();
    await moveCoachingUser(trx, moved.id, moved);
    await trx.updateTable('users').set({ perfil: 'PLATAFORMA' }).where('id', '=', promoted.id).execute();
    await moveCoachingUser(trx, promoted.id, promoted);
  });
}

async function aggregates() {
  const [progress, population, counts, days, answers] = await Promise.all([
    ctx.db.selectFrom('coaching_progress').selectAll().orderBy('attribute_id').orderBy('user_id').execute(),
    ctx.db.selectFrom('coaching_population').selectAll().where('agents', '<>', 0).orderBy('brand_id').orderBy('platform_id').orderBy('site_id').execute(),
    ctx.db.selectFrom('coaching_counts').selectAll().where('started', '<>', 0).orderBy('attribute_id').orderBy('brand_id').orderBy('platform_id').orderBy('site_id').execute(),
    ctx.db.selectFrom('coaching_day_points').selectAll().where('points', '<>', 0).orderBy('attribute_id').orderBy('brand_id').orderBy('platform_id').orderBy('site_id').orderBy('day').execute(),
    ctx.db.selectFrom('coaching_answer_counts').selectAll().where('answers', '<>', 0)
      .orderBy('attribute_id').orderBy('brand_id').orderBy('platform_id').orderBy('site_id').orderBy('question_id').orderBy('option_id').execute(),
  ]);
  return { progress, population, counts, days, answers };
}

interface Scope {
  brand?: number[];
  platform?: number[];
  site?: number;
}

/** The figures counted straight from the facts, with no aggregate. */
async function directCount(attributeId: number, scope: Scope) {
  const db = ctx.db;
  const users = (await db.selectFrom('users').selectAll().where('perfil', '=', '').execute()).filter((u) => (!scope.brand || scope.brand.includes(u.brand_id))
    && (!scope.platform || (u.platform_id !== null && scope.platform.includes(u.platform_id))) && (scope.site === undefined || u.site_id === scope.site));
  const ids = new Set(users.map((u) => u.id));
  const videos = await db.selectFrom('videos').select('id').where('attribute_id', '=', attributeId).execute();
  const progress = (await db.selectFrom('video_progress').selectAll().where('video_id', 'in', videos.map((v) => v.id)).execute()).filter((p) => ids.has(p.user_id));
  const parts = (await db.selectFrom('quiz_participations').selectAll().where('attribute_id', '=', attributeId).execute()).filter((p) => ids.has(p.user_id));
  const answers = await db.selectFrom('quiz_answers').selectAll().execute();
  const refaces = (await db.selectFrom('refaces').selectAll().where('attribute_id', '=', attributeId).execute()).filter((r) => ids.has(r.user_id));
  const started = users.filter((u) => progress.some((p) => p.user_id === u.id && (p.porcentaje > 0 || p.seen_at !== null))
    || parts.some((p) => p.user_id === u.id) || refaces.some((r) => r.user_id === u.id));
  const finished = users.filter((u) => videos.length > 0 && videos.every((v) => progress.some((p) => p.user_id === u.id && p.video_id === v.id && p.seen_at !== null))
    && parts.filter((p) => p.user_id === u.id && p.completed_at !== null).length >= 2);
  const completed = parts.filter((p) => p.completed_at !== null);
  const quizPoints = completed.reduce((sum, p) => sum + answers.filter((a) => a.participation_id === p.id).reduce((s, a) => s + a.points, 0), 0);
  const standings = (await db.selectFrom('ranking_standings').selectAll().where('attribute_id', '=', attributeId).execute()).filter((s) => ids.has(s.user_id));
  const entry = await db.selectFrom('attributes').selectAll().where('id', '=', attributeId).executeTakeFirstOrThrow();
  const ledger = (await db.selectFrom('points_ledger').selectAll().where('attribute_id', '=', attributeId).where('kind', '=', 'activity').execute())
    .filter((l) => ids.has(l.user_id) && l.amount > 0 && countsForMonth(monthlyWindow(entry), { occurredAt: l.occurred_at, createdAt: l.created_at }));
  const perDay = new Map<string, number>();
  for (const l of ledger) perDay.set(calendarDay(l.occurred_at), (perDay.get(calendarDay(l.occurred_at)) ?? 0) + l.amount);
  const figures: CoachingFigures = {
    agentes: users.length, iniciaron: started.length, terminaron: finished.length,
    reface: new Set(refaces.filter((r) => r.image_id !== null).map((r) => r.user_id)).size,
    media_quiz: completed.length === 0 ? null : Math.round((quizPoints / completed.length) * 10) / 10,
    puntos: standings.reduce((sum, s) => sum + s.points, 0),
  };
  const partIds = new Set(parts.map((p) => p.id));
  return { figures, perDay, users, progress, parts, refaces, videos, answers: answers.filter((a) => partIds.has(a.participation_id)), finished };
}

const get = async (url: string, who: string) => ctx.app.inject({ method: 'GET', url: `/api/seguimiento/${url}`, headers: bearer(tokens[who] ?? '') });
async function json<T>(url: string, who: string, schema: { parse(v: unknown): T }): Promise<T> {
  const res = await get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  sites = await seededSites(ctx.db);
  const agents: UserRow[] = [];
  for (let i = 0; i < 18; i++) {
    const site = sites[i % sites.length];
    agents.push(await placeAgent(ctx.db, { brandId: i % 3 === 0 ? 1 : 2, siteId: site?.id ?? null, nick: `Seg${String(i).padStart(2, '0')}` }));
  }
  agents.push(await placeAgent(ctx.db, { brandId: 2, siteId: null, nick: 'SinSede' }));
  const staff = await placeAgent(ctx.db, { brandId: 2, siteId: sites[0]?.id ?? null, perfil: 'INTERNO', nick: 'Jefa' });
  // Users written directly (as by the seed): the rebuild counts them in.
  await rebuildCoaching(ctx.db);
  await randomFacts([...agents, staff]);
  await moves(agents[4] as UserRow, agents[5] as UserRow);
  for (const who of ['admin', 'interno', 'plataforma', 'ana']) tokens[who] = await tokenFor(ctx, await userByEmail(ctx.db, `${who}@impecable.demo`));
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe('the aggregates', () => {
  it('after a random sequence of facts equal a rebuild from the facts', async () => {
    const incremental = await aggregates();
    expect(incremental.progress.length).toBeGreaterThan(10);
    expect(incremental.answers.length).toBeGreaterThan(10);
    await rebuildCoaching(ctx.db);
    expect(await aggregates()).toEqual(incremental);
  });
});

describe('the figures equal a direct count', () => {
  const platformOf = async () => (await userByEmail(ctx.db, 'plataforma@impecable.demo')).platform_id ?? 0;
  const cases: [string, string, () => Promise<Scope>][] = [
    ['admin, everything', '', async () => ({})],
    ['admin, brand 1', 'marca=1', async () => ({ brand: [1] })],
    ['INTERNO (brand 2)', '', async () => ({ brand: [2] })],
    ['PLATAFORMA (its platform in brand 2)', '', async () => ({ brand: [2], platform: [await platformOf()] })],
    ['INTERNO, one site', 'sede=SITE', async () => ({ brand: [2], site: sites[1]?.id })],
  ];
  const who = (name: string) => (name.startsWith('admin') ? 'admin' : name.startsWith('INTERNO') ? 'interno' : 'plataforma');
  const query = (q: string) => q.replace('SITE', String(sites[1]?.id));

  it.each(cases)('overview and by site: %s', async (name, q, scopeOf) => {
    const scope = await scopeOf();
    for (const attributeId of [3, 2]) {
      const expected = await directCount(attributeId, scope);
      const overview = await json(`resumen/${attributeId}?${query(q)}`, who(name), coachingOverviewSchema);
      expect(overview.figuras).toEqual(expected.figures);
      expect(overview.puntos_por_dia.filter((d) => d.puntos !== 0)).toEqual([...expected.perDay].sort().map(([dia, puntos]) => ({ dia, puntos })));
      if (attributeId === 3) expect(overview.anterior).toEqual({ atributo: 2, figuras: (await directCount(2, scope)).figures });
      const bySite = await json(`sedes/${attributeId}?${query(q)}`, who(name), coachingBySiteSchema);
      for (const row of bySite.sedes) {
        const { id, nombre: _n, plataforma: _p, ...figures } = row;
        expect(figures, `sede ${id}`).toEqual((await directCount(attributeId, { ...scope, site: id })).figures);
      }
      expect(bySite.sedes.reduce((sum, s) => sum + s.agentes, 0)).toBe(expected.users.filter((u) => u.site_id !== null).length);
      for (const row of bySite.plataformas) {
        const { id, nombre: _n, ...figures } = row;
        expect(figures, `plataforma ${id}`).toEqual((await directCount(attributeId, { ...scope, platform: [id] })).figures);
      }
      if (name.startsWith('PLATAFORMA')) expect(bySite.plataformas).toEqual([]);
    }
  });

  it.each([1, 3])('nudges of a site, stalled after %i days', async (dias) => {
    const site = sites[0]?.id ?? 0;
    const expected = await directCount(3, { brand: [2], site });
    const read = await json(`rezagados/3?sede=${site}&dias=${dias}&per_page=100`, 'interno', coachingNudgesSchema);
    const cutoff = NOW.getTime() - dias * DAY;
    const last = (id: number) => {
      const moments = [
        ...expected.progress.filter((p) => p.user_id === id && (p.porcentaje > 0 || p.seen_at)).map((p) => p.updated_at.getTime()),
        ...expected.parts.filter((p) => p.user_id === id).flatMap((p) => [p.issued_at.getTime(), ...expected.answers.filter((a) => a.participation_id === p.id).map((a) => a.occurred_at.getTime())]),
        ...expected.refaces.filter((r) => r.user_id === id).map((r) => r.requested_at.getTime()),
      ];
      return moments.length === 0 ? null : Math.max(...moments);
    };
    const wanted = expected.users.filter((u) => {
      const l = last(u.id);
      return l === null || (!expected.finished.includes(u) && l <= cutoff);
    });
    expect(read.total).toBe(wanted.length);
    expect(read.data.map((r) => r.user_id).sort()).toEqual(wanted.map((u) => u.id).sort());
    const order = read.data.map((r) => (r.ultima_actividad === null ? -1 : Date.parse(r.ultima_actividad)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const row of read.data) {
      expect(row.ultima_actividad === null ? null : Date.parse(row.ultima_actividad)).toBe(last(row.user_id));
      const seen = expected.progress.filter((p) => p.user_id === row.user_id && p.seen_at !== null).length;
      expect(row.videos_pendientes).toBe(expected.videos.length - seen);
      expect(row.estado).toBe(last(row.user_id) === null ? 'sin-empezar' : 'parado');
    }
    const page = await json(`rezagados/3?sede=${site}&dias=${dias}&per_page=2&page=2`, 'interno', coachingNudgesSchema);
    expect(page.data.map((r) => r.user_id)).toEqual(read.data.slice(2, 4).map((r) => r.user_id));
    const nick = read.data.find((r) => r.nick_name)?.nick_name ?? 'Seg';
    const found = await json(`rezagados/3?sede=${site}&dias=${dias}&search=${encodeURIComponent(nick.slice(0, 5).toLowerCase())}`, 'interno', coachingNudgesSchema);
    expect(found.data.every((r) => r.nick_name?.toLowerCase().startsWith(nick.slice(0, 5).toLowerCase()) || r.name.toLowerCase().startsWith(nick.slice(0, 5).toLowerCase()))).toBe(true);
    expect(found.data.length).toBeGreaterThan(0);
  });

  it('questions by share of wrong first answers, with the most chosen wrong option', async () => {
    const expected = await directCount(3, { brand: [2] });
    const read = await json('preguntas/3', 'interno', coachingQuestionsSchema);
    const options = await ctx.db.selectFrom('quiz_options').selectAll().execute();
    for (const quiz of read.quizzes) {
      const rates = quiz.preguntas.map((p) => p.tasa_fallo);
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
      for (const q of quiz.preguntas) {
        const given = expected.answers.filter((a) => a.question_id === q.question_id);
        const wrong = given.filter((a) => !a.correct);
        expect([q.respuestas, q.fallos]).toEqual([given.length, wrong.length]);
        const times = new Map<number, number>();
        for (const a of wrong) times.set(a.option_id, (times.get(a.option_id) ?? 0) + 1);
        const most = Math.max(0, ...times.values());
        expect(q.fallo_mas_elegido?.veces ?? 0).toBe(most);
        if (q.fallo_mas_elegido) {
          const texts = [...times].filter(([, n]) => n === most).map(([id]) => options.find((o) => o.id === id)?.text);
          expect(texts).toContain(q.fallo_mas_elegido.texto);
        }
      }
    }
    expect(read.quizzes.flatMap((q) => q.preguntas).some((p) => p.fallos > 0)).toBe(true);
  });

  it('never shows another brand\'s agent, nor staff', async () => {
    const brand1 = (await ctx.db.selectFrom('users').select('id').where('brand_id', '=', 1).execute()).map((u) => u.id);
    const staff = (await ctx.db.selectFrom('users').select('id').where('perfil', '<>', '').execute()).map((u) => u.id);
    for (const site of sites) {
      for (const who of ['interno', 'plataforma']) {
        const res = await get(`rezagados/3?sede=${site.id}&dias=1&per_page=100`, who);
        if (res.statusCode !== 200) continue;
        const ids = coachingNudgesSchema.parse(res.json()).data.map((r) => r.user_id);
        expect(ids.filter((id) => brand1.includes(id) || staff.includes(id))).toEqual([]);
      }
    }
  });
});

describe('who may ask what', () => {
  it.each([
    ['ana', 'resumen/3', 403],
    ['plataforma', 'resumen/3?marca=1', 403],
    ['interno', 'resumen/3?marca=1', 403],
    ['interno', 'resumen/3?marca=999', 404],
    ['admin', 'resumen/3?plataforma=999', 404],
    ['admin', 'resumen/3?sede=99999', 404],
    ['admin', 'resumen/5', 404],
    ['admin', 'resumen/99', 404],
    ['admin', 'rezagados/3', 400],
    ['admin', 'descargar/otra/3', 404],
    ['interno', 'descargar/rezagados/3', 400],
  ])('%s GET %s: %i, with a Spanish message', async (who, url, status) => {
    const res = await get(url, who);
    expect(res.statusCode).toBe(status);
    expect((res.json() as { error: string }).error).toMatch(/[a-zá-ú]/i);
  });

  it('PLATAFORMA asking for a site of another platform is refused', async () => {
    const own = (await userByEmail(ctx.db, 'plataforma@impecable.demo')).platform_id;
    const other = sites.find((s) => s.platform_id !== own);
    if (!other) throw new Error('the seed has a site of another platform');
    expect((await get(`sedes/3?sede=${other.id}`, 'plataforma')).statusCode).toBe(403);
    expect((await get(`resumen/3?plataforma=${other.platform_id}`, 'plataforma')).statusCode).toBe(403);
  });

  it('INTERNO naming a platform or site where its brand has no agents is refused, not answered with zeros', async () => {
    const platform = await ctx.db.insertInto('platforms').values({ name: 'Plataforma Ajena' }).returning('id').executeTakeFirstOrThrow();
    const site = await ctx.db.insertInto('sites').values({ name: 'Sede Ajena', platform_id: platform.id }).returning('id').executeTakeFirstOrThrow();
    for (const url of [`resumen/3?sede=${site.id}`, `sedes/3?plataforma=${platform.id}`, `rezagados/3?sede=${site.id}`, `preguntas/3?sede=${site.id}`, `descargar/sedes/3?plataforma=${platform.id}`]) {
      expect((await get(url, 'interno')).statusCode, url).toBe(403);
    }
  });
});
