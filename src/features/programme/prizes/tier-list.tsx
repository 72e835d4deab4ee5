import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { PrizeTier } from '#contract/programme-prizes';
import { formatNumber } from '#domain/format';
import { monthLabel, monthTitle } from '#domain/programme-prizes';

interface TierListProps {
  tiers: PrizeTier[];
  online: boolean;
  busy: string | null;
  onEdit: (tier: PrizeTier) => void;
  onDelete: (tier: PrizeTier) => void;
}

const LOCKED = 'Ya se aplicó a un mes con ganadores cerrados: no cambia. Crea una fila para un mes posterior.';
const imps = (n: number) => `${formatNumber(n)} IMPs`;

function Actions({ tier, online, busy, onEdit, onDelete }: Omit<TierListProps, 'tiers'> & { tier: PrizeTier }) {
  if (tier.locked) {
    return (
      <Badge color="gray" variant="light" title={LOCKED} style={{ flexShrink: 0 }}>
        Aplicada
      </Badge>
    );
  }
  const month = monthLabel(tier.applies_from);
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button size="xs" variant="light" onClick={() => onEdit(tier)} disabled={!online} aria-label={`Editar los premios desde ${month}`}>
        Editar
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(tier)} loading={busy === tier.applies_from} disabled={!online} aria-label={`Borrar los premios desde ${month}`}>
        Borrar
      </Button>
    </Group>
  );
}

/** The prize rows by the month they apply from: a table from tablet up, cards on a phone. */
export function TierList(props: TierListProps) {
  const { tiers } = props;
  if (tiers.length === 0) return <Text c="red.8">No hay ninguna fila de premios: los meses que cierren no pagarán premios.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover aria-label="Premios por mes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Desde</Table.Th>
              <Table.Th ta="right">1.er sede</Table.Th>
              <Table.Th ta="right">2.º sede</Table.Th>
              <Table.Th ta="right">3.er sede</Table.Th>
              <Table.Th ta="right">Marca</Table.Th>
              <Table.Th><VisuallyHidden>Acciones</VisuallyHidden></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tiers.map((t) => (
              <Table.Tr key={t.applies_from}>
                <Table.Td fw={700}>{monthTitle(t.applies_from)}</Table.Td>
                <Table.Td ta="right">{imps(t.tier1)}</Table.Td>
                <Table.Td ta="right">{imps(t.tier2)}</Table.Td>
                <Table.Td ta="right">{imps(t.tier3)}</Table.Td>
                <Table.Td ta="right">{imps(t.brand)}</Table.Td>
                <Table.Td ta="right"><Actions tier={t} {...props} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {tiers.map((t) => (
          <Card key={t.applies_from} withBorder padding="md" component="article" aria-label={`Premios desde ${monthLabel(t.applies_from)}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700}>Desde {monthLabel(t.applies_from)}</Text>
              <Actions tier={t} {...props} />
            </Group>
            <Text size="sm" mt="xs">Sede: {imps(t.tier1)} · {imps(t.tier2)} · {imps(t.tier3)}</Text>
            <Text size="sm">Marca: {imps(t.brand)}</Text>
          </Card>
        ))}
      </Stack>
      {tiers.some((t) => t.locked) && <Text size="xs" c="dimmed">«Aplicada»: {LOCKED}</Text>}
    </>
  );
}
