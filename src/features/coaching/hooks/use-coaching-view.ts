// What Seguimiento looks at: the attribute, the narrowing (brand, platform, site) and the stall
// threshold come from the URL (?atributo=3&sede=15&dias=7), so a link, a reload or the back
// button keeps them and the route's snapshots can be read ahead (app/route-snapshots.ts). The
// nudges' search and page are screen state; a new search or a new choice goes back to page 1.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '@mantine/hooks';
import { STALLED_AFTER_DAYS } from '#contract/coaching-constants';
import { choose, type ScopeLevel } from '#features/coaching/scope.ts';
import { coachingViewOf } from '#features/coaching/view-params.ts';

const SEARCH_DEBOUNCE_MS = 300;

export function useCoachingView() {
  const [params, setParams] = useSearchParams();
  const { atributo, filter, dias } = coachingViewOf(params);
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  /**
   * Applies changes computed from the address bar as it is now: the router renders a new URL in
   * a transition, so a second choice made before that render (a brand, then a site at once) would
   * otherwise start from the old one and drop the first (useSearchParams' `prev` is the render's).
   */
  const update = (changesOf: (current: URLSearchParams) => Record<string, number | undefined>) => {
    setPage(1);
    const copy = new URLSearchParams(window.location.search);
    for (const [name, value] of Object.entries(changesOf(copy))) {
      if (value === undefined) copy.delete(name);
      else copy.set(name, String(value));
    }
    setParams(copy, { replace: true });
  };

  return {
    /** The attribute in the URL; undefined: the scope's current one (the screen decides). */
    atributo,
    filter,
    dias,
    page,
    search,
    /** The search the list asks for: settles once typing pauses. */
    activeSearch: debounced.trim(),
    setAttribute: (id: number) => update(() => ({ atributo: id })),
    setScope: (level: ScopeLevel, id: number | undefined) => update((current) => {
      const next = choose(coachingViewOf(current).filter, level, id);
      return { marca: next.marca, plataforma: next.plataforma, sede: next.sede };
    }),
    setDays: (days: number) => update(() => ({ dias: days === STALLED_AFTER_DAYS ? undefined : days })),
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    setPage,
  };
}
