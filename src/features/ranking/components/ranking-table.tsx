import { Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import type { RankingPage } from '#contract/ranking';
import { formatNumber } from '#domain/format';
import { prizeTierOf } from '#domain/ranking';
import { Later } from '#components/later';
import classes from './ranking.module.css';

export const NO_NICK = 'Este usuario no tiene todavía nick name';
const TIER_NAMES = { 1: 'Primer premio', 2: 'Segundo premio', 3: 'Tercer premio' } as const;
/** Rows in the screen's first commit: about what a phone shows. */
const FIRST_ROWS = 8;

interface RankingTableProps {
  page: RankingPage;
  myUserId: number;
}

/**
 * The ranking rows, banded by the prize tiers (numero_ganadores); position 1 gets the
 * brand-winner style when is_marca_top_uno_here. Bands are also said in words for screen readers.
 */
export function RankingTable({ page, myUserId }: RankingTableProps) {
  if (page.data.length === 0) {
    return (
      <Text ta="center" fw={600} py="xl">
        No hay datos disponibles
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="xs" className={classes.table} aria-label="Clasificación">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72}>Posición</Table.Th>
            <Table.Th>Nick name</Table.Th>
            <Table.Th ta="right">Puntos</Table.Th>
            <Table.Th ta="right" visibleFrom="xs">
              Tareas
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.data.slice(0, FIRST_ROWS).map((row) => rankingRow(row, page, myUserId))}
          {/* The rows below the first view come in a commit of their own (components/later.tsx). */}
          <Later>{page.data.slice(FIRST_ROWS).map((row) => rankingRow(row, page, myUserId))}</Later>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One row of the table. */
function rankingRow(row: RankingPage['data'][number], page: RankingPage, myUserId: number) {
  const tier = prizeTierOf(row.user_position, page.numero_ganadores);
  const brandTop = row.user_position === 1 && page.is_marca_top_uno_here;
  const mine = row.user_id === myUserId;
  return (
    <Table.Tr key={row.user_id} data-tier={tier ?? undefined} data-brand-top={brandTop || undefined} data-mine={mine || undefined}>
      <Table.Td>
        <span className={classes.position}>{formatNumber(row.user_position)}</span>
        {tier && <VisuallyHidden>{TIER_NAMES[tier]}</VisuallyHidden>}
      </Table.Td>
      <Table.Td>
        {row.nick_name ?? (
          <Text span size="sm" fs="italic" c="dimmed">
            {NO_NICK}
          </Text>
        )}
        {mine && (
          <Badge size="xs" ml={6} variant="filled">
            Tú
          </Badge>
        )}
        {brandTop && (
          <Badge size="xs" ml={6} color="imps.3" c="imps.9" variant="filled">
            Ganador de marca
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatNumber(row.puntos_totales)}
      </Table.Td>
      <Table.Td ta="right" visibleFrom="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatNumber(row.tareas_completadas)}
      </Table.Td>
    </Table.Tr>
  );
}
