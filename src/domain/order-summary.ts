// The order summary's search and pager (spec 2 "/listado-usuarios", 5 and 9): case-insensitive
// search on name, nick or product; 8 rows a page; "Página X de Y" with Anterior disabled on
// page 1 and Siguiente on the last page or when there are no pages. Pure.
import type { OrderSummaryRow } from '#contract/admin';

export const ORDER_SUMMARY_PAGE_SIZE = 8;

/** Rows whose buyer's name, nickname or product contain `search`, ignoring case and accents. */
export function filterOrderSummary(rows: readonly OrderSummaryRow[], search: string): OrderSummaryRow[] {
  const wanted = fold(search.trim());
  if (wanted === '') return [...rows];
  return rows.filter((r) => [r.user.name, r.user.nick_name ?? '', r.nombre_producto].some((v) => fold(v).includes(wanted)));
}

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');
}

export interface SummaryPage {
  rows: OrderSummaryRow[];
  /** 1-based, clamped to the pages there are (1 when there are none). */
  page: number;
  totalPages: number;
  /** Position of the first row in the whole (filtered) list, for the # column. */
  offset: number;
  canPrevious: boolean;
  canNext: boolean;
}

export function pageOf(rows: readonly OrderSummaryRow[], page: number, size = ORDER_SUMMARY_PAGE_SIZE): SummaryPage {
  const totalPages = Math.ceil(rows.length / size);
  const current = Math.min(Math.max(1, Math.floor(page)), Math.max(1, totalPages));
  const offset = (current - 1) * size;
  return {
    rows: rows.slice(offset, offset + size),
    page: current,
    totalPages,
    offset,
    canPrevious: current > 1,
    canNext: totalPages > 0 && current < totalPages,
  };
}
