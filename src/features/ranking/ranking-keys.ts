// How the ranking's URL names what it shows (?vista=global|sede|marca, sede by default; staff's
// ?sede=id or ?marca=id), read in one place: the screen (hooks/use-ranking-view.ts) and the
// route's snapshot keys (app/routes.ts) must agree on it, or the offline first paint would read
// the wrong snapshot. Pure: no React, nothing that touches the browser.
import type { RankingTarget } from '#api/ranking';
import type { SessionUser } from '#contract/session';
import type { RankingView } from '#contract/ranking';
import { takesPartInRankings } from '#domain/ranking-scope';
import { cacheKeys } from '#data/cache-keys';

export type ViewChoice = 'global' | 'sede' | 'marca';

export const API_VIEW: Record<ViewChoice, RankingView> = { global: 'global', sede: 'plataforma', marca: 'marca' };

export function viewChoiceOf(value: string | null): ViewChoice {
  return value === 'global' || value === 'marca' ? value : 'sede';
}

/** A site or brand id from the URL, null when absent or malformed. */
export function scopeIdOf(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/** The screen's heading: the global ranking is one for every attribute; null for an unknown attribute. */
export function rankingTitle(choice: ViewChoice, attributeName: string | null): string | null {
  if (choice === 'global') return 'Ranking';
  return attributeName === null ? null : `Ranking · ${attributeName}`;
}

/**
 * What the ranking of attribute `id` reads first for `user`: an agent's own page, figures and
 * neighbours; staff pick a site or brand first (its default comes from the options), so only those.
 */
export function rankingSnapshotKeys(id: number, query: URLSearchParams, user: SessionUser): string[] {
  if (!takesPartInRankings(user.perfil)) return [cacheKeys.ranking.options];
  const target: RankingTarget = { view: API_VIEW[viewChoiceOf(query.get('vista'))], attributeId: id, scopeId: null };
  return [cacheKeys.ranking.page(target, 1, ''), cacheKeys.ranking.stats(target), cacheKeys.ranking.neighbours(target)];
}
