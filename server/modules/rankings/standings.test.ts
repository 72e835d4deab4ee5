import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsForMonth, monthlyWindow, rankStandings, type MonthlyWindow } from '#domain/ranking';
import type { RankingScopeName } from '#server/db/schema';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { createRankingRepository, type RankingScopeRef } from './repository.ts';
import { rebuildStandings, refreshUserStandings } from './standings.ts';
import { completeQuiz, credit, placeAgent, seededSites, seeVideo, snapshot, videosOf } from '#test-support/server/rankings';

// Generated activity arriving in time order through the real write paths (earn with recordCredit, and the
// training-step hook), then checked three ways: against the domain's window rule, against the
// domain's order, and against a set-based rebuild from scratch.

const NOW = new Date('2025-06-20T10:00:00Z');
const DAY = 86_400_000;
let ctx: TestContext;

interface CreditEvent { kind: 'credit'; userId: number; amount: number; attributeId: number; at: Date; arrives: Date }
interface StepEvent { kind: 'video' | 'quiz'; userId: number; attributeId: number; ref: number; at: Date; arrives: Date }
type Event = CreditEvent | StepEvent;

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const events: Event[] = [];
const windows = new Map<number, MonthlyWindow>();
const agents: { id: number; brand_id: number; site_id: number | null }[] = [];
const outsiders: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  const calendar = await ctx.db.selectFrom('attributes').selectAll().where('enabled', '=', true).orderBy('id').execute();
  for (const entry of calendar) windows.set(entry.id, monthlyWindow(entry) as MonthlyWindow);
  const sites = (await seededSites(ctx.db)).slice(0, 3);
  const videos = new Map<number, number[]>();
  for (const id of windows.keys()) videos.set(id, await videosOf(ctx.db, id));

  const next = rng(2025);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const inMonth = (w: MonthlyWindow) => {
    const roll = next();
    // Mostly inside the month; some before it (another attribute's month) or after it.
    const base = roll < 0.08 ? w.start.getTime() - 3 * DAY : roll < 0.2 ? w.end.getTime() + next() * 4 * DAY : w.start.getTime() + next() * (w.end.getTime() - w.start.getTime());
    // Whole minutes, so many agents share moments (ties on every key).
    return new Date(Math.min(NOW.getTime() - 3_600_000, Math.floor(base / 600_000) * 600_000));
  };
  const arrival = (at: Date) => {
    const roll = next();
    const delay = roll < 0.7 ? 0 : roll < 0.9 ? next() * 2 * DAY : 3 * DAY + next() * 3 * DAY;
    return new Date(Math.min(NOW.getTime(), at.getTime() + delay));
  };

  let previous: Event[] = [];
  for (let i = 0; i < 48; i++) {
    const user = await placeAgent(ctx.db, { brandId: i % 2 === 0 ? 1 : 2, siteId: pick(sites).id, nick: i % 7 === 0 ? null : undefined });
    agents.push(user);
    // Every fifth agent mirrors the previous one exactly: a full tie, decided by user id.
    const mine: Event[] = i % 5 === 4
      ? previous.map((e) => ({ ...e, userId: user.id }))
      : [...windows.entries()].flatMap(([attributeId, w]) => {
        if (next() < 0.25) return [];
        const out: Event[] = [];
        const credits = Math.floor(next() * 4);
        for (let c = 0; c < credits; c++) {
          const at = inMonth(w);
          out.push({ kind: 'credit', userId: user.id, amount: pick([5, 5, 10, 3]), attributeId, at, arrives: arrival(at) });
        }
        for (const ref of videos.get(attributeId) ?? []) {
          const at = inMonth(w);
          if (next() < 0.6) out.push({ kind: 'video', userId: user.id, attributeId, ref, at, arrives: arrival(at) });
        }
        for (const ref of [1, 2]) {
          const at = inMonth(w);
          if (next() < 0.55) out.push({ kind: 'quiz', userId: user.id, attributeId, ref, at, arrives: arrival(at) });
        }
        return out;
      });
    events.push(...mine);
    previous = mine;
  }
  for (const perfil of ['INTERNO', 'PLATAFORMA', 'admin']) {
    const user = await placeAgent(ctx.db, { perfil, siteId: sites[0]?.id ?? null });
    outsiders.push(user.id);
    events.push({ kind: 'credit', userId: user.id, amount: 500, attributeId: 3, at: new Date(NOW.getTime() - DAY), arrives: new Date(NOW.getTime() - DAY) });
  }

  // Everything arrives in time order, each through the path production uses.
  events.sort((a, b) => a.arrives.getTime() - b.arrives.getTime());
  for (const e of events) {
    if (e.kind === 'credit') await credit(ctx.db, e.userId, e.amount, e.attributeId, e.at, e.arrives);
    else if (e.kind === 'video') await seeVideo(ctx.db, e.userId, e.ref, e.attributeId, e.at, e.arrives);
    else await completeQuiz(ctx.db, e.userId, e.attributeId, e.ref as 1 | 2, e.at);
  }
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

function scopesToCheck(): RankingScopeRef[] {
  const refs: RankingScopeRef[] = [{ attributeId: 0, scope: 'global', scopeId: 0 }];
  for (const attributeId of windows.keys()) {
    for (const brand of new Set(agents.map((a) => a.brand_id))) refs.push({ attributeId, scope: 'marca', scopeId: brand });
    for (const site of new Set(agents.map((a) => a.site_id))) if (site !== null) refs.push({ attributeId, scope: 'plataforma' as RankingScopeName, scopeId: site });
  }
  return refs;
}

describe('standings kept up to date as credits and steps arrive', () => {
  it('hold exactly the points the domain window rule counts, for agents only', async () => {
    const generated = new Set(agents.map((a) => a.id));
    const { standings } = await snapshot(ctx.db);
    const mine = standings.filter((s) => generated.has(s.user_id) && s.points > 0);
    const expected = new Map<string, { points: number; reached: number }>();
    const add = (key: string, e: CreditEvent) => {
      const found = expected.get(key) ?? { points: 0, reached: 0 };
      expected.set(key, { points: found.points + e.amount, reached: Math.max(found.reached, e.at.getTime()) });
    };
    for (const e of events) {
      if (e.kind !== 'credit' || !generated.has(e.userId)) continue;
      add(`0:${e.userId}`, e);
      if (countsForMonth(windows.get(e.attributeId) ?? null, { occurredAt: e.at, createdAt: e.arrives })) add(`${e.attributeId}:${e.userId}`, e);
    }
    expect(new Map(mine.map((s) => [`${s.attribute_id}:${s.user_id}`, { points: s.points, reached: s.reached_at?.getTime() }])))
      .toEqual(expected);
    expect(standings.filter((s) => outsiders.includes(s.user_id))).toEqual([]);
    // Late arrivals and out-of-month credits happened: the rule was really exercised.
    expect(events.some((e) => e.kind === 'credit' && !countsForMonth(windows.get(e.attributeId) ?? null, { occurredAt: e.at, createdAt: e.arrives }))).toBe(true);
  });

  it('page in exactly the domain order; positions, neighbours and searches agree with the page', async () => {
    const repo = createRankingRepository(ctx.db);
    const { standings } = await snapshot(ctx.db);
    const nicks = new Map((await ctx.db.selectFrom('users').select(['id', 'nick_name']).execute()).map((u) => [u.id, u.nick_name]));
    let ties = 0;
    let searched = 0;
    for (const ref of scopesToCheck()) {
      const label = JSON.stringify(ref);
      const inScope = standings.filter((s) => s.attribute_id === ref.attributeId
        && (ref.scope === 'global' || (ref.scope === 'marca' ? s.brand_id === ref.scopeId : s.site_id === ref.scopeId)));
      const domain = rankStandings(inScope.map((s) => ({ userId: s.user_id, points: s.points, finishedAt: s.finished_at, reachedAt: s.reached_at })));
      const whole = await repo.page(ref, 0, 1000);
      expect(whole.rows.map((r) => r.user_id), label).toEqual(domain.map((r) => r.userId));
      expect([whole.total, await repo.total(ref)]).toEqual([domain.length, domain.length]);
      expect((await repo.page(ref, 3, 4)).rows).toEqual(whole.rows.slice(3, 7));
      expect(await repo.page(ref, domain.length + 5, 10)).toEqual({ rows: [], total: domain.length });
      const ranked = whole.rows.map((row, i) => ({ ...row, position: i + 1 }));
      for (const [i, row] of ranked.entries()) {
        const mine = await repo.mine(ref, row.user_id);
        expect(mine, `${label} ${row.user_id}`).toEqual(row);
        expect(await repo.around(ref, row, 5)).toEqual(ranked.slice(Math.max(0, i - 5), i + 6));
      }
      // A search keeps the real positions: it is the ranking filtered by nickname prefix, then paged.
      for (const prefix of ['rk1', 'RK2', 'rk', 'zz', '%', 'r_']) {
        const expected = ranked.filter((r) => nicks.get(r.user_id)?.toLowerCase().startsWith(prefix.toLowerCase()));
        expect(await repo.search(ref, 0, 100, prefix), `${label} ${prefix}`).toEqual({ rows: expected, total: expected.length, scopeTotal: domain.length });
        expect((await repo.search(ref, 2, 3, prefix)).rows).toEqual(expected.slice(2, 5));
        searched += expected.length;
      }
      for (let i = 1; i < domain.length; i++) if (domain[i]?.points === domain[i - 1]?.points) ties++;
    }
    expect(ties).toBeGreaterThan(20);
    expect(searched).toBeGreaterThan(50);
  });

  it('equal a set-based rebuild from the ledger and training tables', async () => {
    const before = await snapshot(ctx.db);
    expect(before.standings.some((s) => s.finished_at !== null && s.attribute_id > 0)).toBe(true);
    await rebuildStandings(ctx.db);
    expect(await snapshot(ctx.db)).toEqual(before);
  });

  it('move one user out of every ranking when it stops being an agent, and back', async () => {
    const target = agents.find((a) => a.site_id !== null) as { id: number };
    const before = await snapshot(ctx.db);
    await ctx.db.updateTable('users').set({ perfil: 'INTERNO' }).where('id', '=', target.id).execute();
    await refreshUserStandings(ctx.db, target.id);
    const without = await snapshot(ctx.db);
    expect(without.standings.some((s) => s.user_id === target.id)).toBe(false);
    await rebuildStandings(ctx.db);
    expect(await snapshot(ctx.db)).toEqual(without);
    await ctx.db.updateTable('users').set({ perfil: '' }).where('id', '=', target.id).execute();
    await refreshUserStandings(ctx.db, target.id);
    expect(await snapshot(ctx.db)).toEqual(before);
  });

  it('never move for prizes', async () => {
    const before = await snapshot(ctx.db);
    await credit(ctx.db, agents[0]?.id ?? 0, 300, 3, new Date(NOW.getTime() - DAY), NOW, 'prize');
    expect(await snapshot(ctx.db)).toEqual(before);
  });
});
