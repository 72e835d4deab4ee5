import { useMemo, useState } from 'react';
import type { OrderSummaryRow } from '#contract/admin';
import { filterOrderSummary, pageOf } from '#domain/order-summary';

/** Search and page of the order summary; a new search goes back to page 1 (spec 5). */
export function useSummaryView(rows: readonly OrderSummaryRow[]) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const filtered = useMemo(() => filterOrderSummary(rows, search), [rows, search]);
  const view = pageOf(filtered, page);
  return {
    search,
    setSearch: (value: string) => {
      setSearch(value);
      setPage(1);
    },
    view,
    previous: () => setPage(view.page - 1),
    next: () => setPage(view.page + 1),
  };
}
