import { Card, Stack, Table, Text } from '@mantine/core';
import type { NeighboursResponse } from '#contract/ranking';
import { formatNumber } from '#domain/format';
import { NO_NICK } from './ranking-table.tsx';
import classes from './ranking.module.css';

/**
 * Beyond the spec: the user's row with the five above and the five below, so an agent far from
 * the top sees whom to overtake and by how much.
 */
export function NeighboursCard({ neighbours, myUserId }: { neighbours: NeighboursResponse; myUserId: number }) {
  const rows = neighbours.data;
  const at = rows.findIndex((r) => r.user_id === myUserId);
  const me = rows[at];
  const above = at > 0 ? rows[at - 1] : undefined;
  if (!me) return null;
  const gap = above ? above.puntos_totales - me.puntos_totales + 1 : 0;
  return (
    <Card component="section" aria-labelledby="ranking-vecinos">
      <Stack gap="sm">
        <Text fw={700} id="ranking-vecinos" component="h2" m={0} size="md">
          Tu zona del ranking
        </Text>
        <Text size="sm">
          {above
            ? `Te ${gap === 1 ? 'falta 1 punto' : `faltan ${formatNumber(gap)} puntos`} para adelantar a ${above.nick_name ?? 'quien va delante'}.`
            : 'Vas en cabeza: ¡que no te alcancen!'}
        </Text>
        <Table verticalSpacing={4} className={classes.table} aria-label="Los cinco de delante y los cinco de detrás">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.user_id} data-mine={row.user_id === myUserId || undefined}>
                <Table.Td w={56} className={classes.position}>
                  {formatNumber(row.user_position)}
                </Table.Td>
                <Table.Td>{row.nick_name ?? NO_NICK}</Table.Td>
                <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatNumber(row.puntos_totales)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
