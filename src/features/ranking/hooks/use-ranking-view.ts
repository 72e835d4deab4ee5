// Which ranking the screen shows: the view comes from the URL (?vista=global|sede|marca, sede
// by default, so a link or the back button keeps it); page and search are screen state, and a
// new search (debounced while typing) goes back to page 1.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '@mantine/hooks';
import type { RankingView } from '#contract/ranking';

export type ViewChoice = 'global' | 'sede' | 'marca';

const API_VIEW: Record<ViewChoice, RankingView> = { global: 'global', sede: 'plataforma', marca: 'marca' };
const SEARCH_DEBOUNCE_MS = 300;

export function viewChoiceOf(value: string | null): ViewChoice {
  return value === 'global' || value === 'marca' ? value : 'sede';
}

export function useRankingView() {
  const [params, setParams] = useSearchParams();
  const choice = viewChoiceOf(params.get('vista'));
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  return {
    choice,
    view: API_VIEW[choice],
    page,
    search,
    /** The search the table asks for: settles once typing pauses. */
    activeSearch: debounced.trim(),
    setChoice: (next: ViewChoice) => {
      setPage(1);
      setSearchText('');
      setParams((prev) => {
        const copy = new URLSearchParams(prev);
        copy.set('vista', next);
        return copy;
      }, { replace: true });
    },
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    setPage,
  };
}
