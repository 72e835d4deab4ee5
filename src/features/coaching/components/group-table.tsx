import { Table, UnstyledButton } from '@mantine/core';
import type { CoachingGroupFigures } from '#contract/coaching';
import { FIGURES, formatFigure, type GroupSort, type GroupSortKey } from '#features/coaching/figures.ts';
import classes from './coaching.module.css';

type Row = CoachingGroupFigures & { plataforma?: string };

interface GroupTableProps {
  rows: readonly Row[];
  /** "Sede" or "Plataforma": the first column's heading and the table's name. */
  groupLabel: string;
  /** Sites show the platform they belong to (INTERNO, admin). */
  withPlatform: boolean;
  /** The order shown (the rows come sorted by it) and a header's click. */
  sort: GroupSort;
  onSort: (key: GroupSortKey) => void;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The figures per site or platform: a click (or Enter) on a heading sorts by it, again flips
 * the order; `aria-sort` says which. Scrolls sideways inside its box on a phone.
 */
export function GroupTable({ rows, groupLabel, withPlatform, sort, onSort }: GroupTableProps) {
  const columns: { key: GroupSortKey; label: string }[] = [
    { key: 'nombre', label: groupLabel },
    ...(withPlatform ? [{ key: 'plataforma' as const, label: 'Plataforma' }] : []),
    ...FIGURES.map(({ key, short }) => ({ key, label: short })),
  ];
  return (
    // A plain scrolling box rather than Table.ScrollContainer (ScrollArea's code, 5 KB): focusable, so arrows scroll it.
    <div className={classes.tableScroll} tabIndex={0} role="region" aria-label={`Tabla por ${groupLabel.toLowerCase()}`}>
      <Table fz="sm" miw={withPlatform ? 760 : 640} striped highlightOnHover verticalSpacing="xs" aria-label={`Cifras por ${groupLabel.toLowerCase()}`}>
        <Table.Thead>
          <Table.Tr>
            {columns.map(({ key, label }) => (
              <Table.Th key={key} scope="col" aria-sort={sort.key === key ? ARIA_SORT[sort.direction] : undefined}>
                <UnstyledButton className={classes.sortButton} onClick={() => onSort(key)}>
                  {label}
                  <span aria-hidden="true" className={classes.sortMark}>
                    {sort.key === key ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                  </span>
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>No hay datos en este ámbito.</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Th scope="row" fw={600} className={classes.nowrap}>
                  {row.nombre}
                </Table.Th>
                {withPlatform && <Table.Td className={classes.nowrap}>{row.plataforma}</Table.Td>}
                {FIGURES.map(({ key }) => (
                  <Table.Td key={key} className={classes.number}>
                    {formatFigure(key, row[key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
