import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import type { PrizeMonth } from '#contract/programme-prizes';
import { formatNumber } from '#domain/format';
import { monthLabel, monthTitle, noPrizesMessage } from '#domain/programme-prizes';

const STATES = {
  open: { label: 'Abierto', color: 'blue' },
  frozen: { label: 'Ganadores cerrados', color: 'orange' },
  paid: { label: 'Pagado', color: 'green' },
} as const;

const paidOn = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' }) : null);

/** Each calendar month: which row of prizes applies to it, and whether its prizes are paid. */
export function MonthList({ months }: { months: PrizeMonth[] }) {
  if (months.length === 0) return <Text c="dimmed">El calendario todavía no tiene meses con fechas.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
      {months.map((m) => {
        const state = STATES[m.state];
        return (
          <Card key={m.attribute_id} withBorder padding="sm" component="article" aria-label={`${m.nombre}, ${monthLabel(m.month)}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div>
                <Text fw={700}>{m.nombre}</Text>
                <Text size="sm" c="dimmed">{monthTitle(m.month)}</Text>
              </div>
              <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
                {state.label}
              </Badge>
            </Group>
            {m.amounts ? (
              <>
                <Text size="sm" mt="xs">
                  Sede: {formatNumber(m.amounts.tier1)} · {formatNumber(m.amounts.tier2)} · {formatNumber(m.amounts.tier3)} IMPs
                </Text>
                <Text size="sm">Marca: {formatNumber(m.amounts.brand)} IMPs</Text>
                <Text size="xs" c="dimmed">Fila desde {monthLabel(m.applies_from ?? m.month)}</Text>
              </>
            ) : (
              <Text size="sm" mt="xs" c="red.8" fw={600}>
                {noPrizesMessage(m.month)}
              </Text>
            )}
            {m.state === 'paid' && <Text size="xs" c="dimmed">Pagado el {paidOn(m.paid_at)}</Text>}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
