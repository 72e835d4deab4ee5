import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { ProgrammeAttribute } from '#contract/programme-calendar';
import { sessionAtom } from '#offline/session';
import { AttributeLogo } from '#components/attribute-logo';
import { LoadError } from '#components/load-error';
import { PageLoader } from '#components/page-loader';
import { AttributeEditor } from './attribute-editor.tsx';
import { formatDay } from './format.ts';
import { useProgrammeCalendar } from './queries.ts';
import { StateBadges } from './state-badge.tsx';

/** Programa › Calendario y atributos: the seven attributes, their months and states; each opens its editor. */
export function CalendarSection() {
  const userId = useAtomValue(sessionAtom).user?.id ?? null;
  const calendar = useProgrammeCalendar(userId);
  const { online } = useNetwork();
  const [editing, setEditing] = useState<number | null>(null);
  const attributes = calendar.data ?? [];
  const selected = attributes.find((a) => a.id === editing) ?? null;

  if (calendar.isLoading && !calendar.data) return <PageLoader label="Cargando el calendario..." />;
  if (!calendar.data) {
    return <LoadError title={calendar.error ?? 'No se pudo cargar el calendario'} onRetry={() => void calendar.revalidate()} />;
  }

  const edit = (attribute: ProgrammeAttribute) => (
    <Button size="xs" variant={attribute.congelado ? 'default' : 'light'} onClick={() => setEditing(attribute.id)} aria-label={`${attribute.congelado ? 'Ver' : 'Editar'} ${attribute.nombre}`}>
      {attribute.congelado ? 'Ver' : 'Editar'}
    </Button>
  );

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Qué atributo presenta cada mes, sus fechas y sus textos e imágenes. Un mes empezado solo admite cambios de textos e imágenes y ampliar su cierre o margen; uno con ganadores congelados es de solo lectura.
      </Text>
      {!online && (
        <Alert color="yellow" role="status">
          Necesitas conexión para cambiar el calendario. Ves la última copia guardada.
        </Alert>
      )}
      {calendar.error && calendar.data && (
        <Alert color="yellow" role="status">
          No se pudo actualizar: {calendar.error}
        </Alert>
      )}

      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Atributo</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Inicio</Table.Th>
              <Table.Th>Quiz 2</Table.Th>
              <Table.Th>Cierre</Table.Th>
              <Table.Th>Margen</Table.Th>
              <Table.Th>
                <VisuallyHidden>Acciones</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {attributes.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <AttributeLogo slug={a.slug} url={a.logo_url} alt="" size={36} />
                    <Text fw={700}>{a.nombre}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <StateBadges attribute={a} />
                </Table.Td>
                <Table.Td>{formatDay(a.month_start)}</Table.Td>
                <Table.Td>{formatDay(a.quiz2_opens_at)}</Table.Td>
                <Table.Td>{formatDay(a.month_end)}</Table.Td>
                <Table.Td>{a.sync_grace_hours} h</Table.Td>
                <Table.Td ta="right">{edit(a)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="sm">
        {attributes.map((a) => (
          <Card key={a.id} withBorder padding="md" component="article" aria-label={a.nombre}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap">
                <AttributeLogo slug={a.slug} url={a.logo_url} alt="" size={40} />
                <Stack gap={4}>
                  <Text fw={700}>{a.nombre}</Text>
                  <StateBadges attribute={a} />
                </Stack>
              </Group>
              {edit(a)}
            </Group>
            <Text size="sm" mt="xs">
              {a.month_start ? `Del ${formatDay(a.month_start)} al ${formatDay(a.month_end)} · Quiz 2: ${formatDay(a.quiz2_opens_at)}` : 'Sin fechas'}
            </Text>
            <Text size="xs" c="dimmed">
              Margen de sincronización: {a.sync_grace_hours} h
            </Text>
          </Card>
        ))}
      </Stack>

      {selected && (
        <AttributeEditor
          key={selected.id}
          attribute={selected}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={() => void calendar.revalidate()}
        />
      )}
    </Stack>
  );
}
