// Which ranking the screen shows: the view comes from the URL (?vista=global|sede|marca, sede
// by default, so a link or the back button keeps it), and so does staff's choice of site
// (?sede=id) and brand (?marca=id); page and search are screen state, and a new search
// (debounced while typing) or a new choice goes back to page 1.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '@mantine/hooks';
import { API_VIEW, scopeIdOf, viewChoiceOf, type ViewChoice } from '#features/ranking/ranking-keys.ts';

export type { ViewChoice };
const SEARCH_DEBOUNCE_MS = 300;

export function useRankingView() {
  const [params, setParams] = useSearchParams();
  const choice = viewChoiceOf(params.get('vista'));
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const update = (name: string, value: string) => {
    setPage(1);
    setSearchText('');
    setParams((prev) => {
      const copy = new URLSearchParams(prev);
      copy.set(name, value);
      return copy;
    }, { replace: true });
  };

  return {
    choice,
    view: API_VIEW[choice],
    /** Staff's chosen site (site view) or brand (brand view); null: not chosen yet (or global). */
    scopeId: choice === 'global' ? null : scopeIdOf(params.get(choice)),
    /** The query string as it stands, for links to another attribute's ranking that keep it. */
    query: params.toString(),
    page,
    search,
    /** The search the table asks for: settles once typing pauses. */
    activeSearch: debounced.trim(),
    setChoice: (next: ViewChoice) => update('vista', next),
    /** Staff choose the site or brand of the current view. */
    setScopeId: (id: number) => {
      if (choice !== 'global') update(choice, String(id));
    },
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    setPage,
  };
}
