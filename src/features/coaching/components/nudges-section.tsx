import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { NudgesQuery } from '#api/coaching';
import { STALLED_AFTER_DAYS } from '#contract/coaching-constants';
import type { CoachingFilter, CoachingNudge, CoachingNudges } from '#contract/coaching';
import { formatDateTime, formatNumber } from '#domain/format';
import { pendingText } from '#features/coaching/figures.ts';
import { useCoachingNudges } from '#features/coaching/queries.ts';
import { NUDGES_PER_PAGE, STALL_DAY_CHOICES } from '#features/coaching/view-params.ts';
import { DownloadButton } from './download-button.tsx';
import { SectionCard } from './section-card.tsx';
import { SectionState } from './section-state.tsx';
import classes from './coaching.module.css';

interface NudgesSectionProps {
  userId: number;
  atributo: number;
  slug: string;
  /** The narrowing the figures use: the list takes all of it (brand and platform too). */
  filter: CoachingFilter;
  /** The chosen site and its name; null: none chosen yet. */
  site: { id: number; nombre: string } | null;
  /** Undefined: the default threshold. */
  dias: number | undefined;
  onDays: (days: number) => void;
  search: string;
  activeSearch: string;
  onSearch: (text: string) => void;
  page: number;
  onPage: (page: number) => void;
}

function NudgeCard({ nudge }: { nudge: CoachingNudge }) {
  const started = nudge.estado === 'parado';
  return (
    <Paper withBorder p="sm" component="li" className={classes.nudge}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <div className={classes.nudgeName}>
          <Text fw={700}>{nudge.nick_name ?? nudge.name}</Text>
          {nudge.nick_name && (
            <Text size="sm" c="gray.7">
              {nudge.name}
            </Text>
          )}
        </div>
        <Badge color={started ? 'orange' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {started ? 'Parado' : 'Sin empezar'}
        </Badge>
      </Group>
      <Text size="sm" mt={6}>
        <Text span c="gray.7">Última actividad: </Text>
        {nudge.ultima_actividad ? formatDateTime(nudge.ultima_actividad) : 'ninguna'}
      </Text>
      <Text size="sm">
        <Text span c="gray.7">Le falta: </Text>
        {pendingText(nudge)}
      </Text>
    </Paper>
  );
}

function NudgeList({ data, page, onPage }: { data: CoachingNudges; page: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(data.total / NUDGES_PER_PAGE));
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600} aria-live="polite">
        {data.total === 1 ? '1 agente necesita un empujón' : `${formatNumber(data.total)} agentes necesitan un empujón`}
      </Text>
      {data.data.length === 0 ? (
        <Text c="gray.7">Nadie se ha quedado atrás con este criterio.</Text>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" className={classes.plainList} aria-label="Agentes que necesitan un empujón">
          {data.data.map((nudge) => (
            <NudgeCard key={nudge.user_id} nudge={nudge} />
          ))}
        </SimpleGrid>
      )}
      <Group justify="center" gap={4} wrap="nowrap">
        <Button variant="default" size="sm" px={8} style={{ flexShrink: 0 }} onClick={() => onPage(page - 1)} disabled={page <= 1}>
          Anterior
        </Button>
        <Text fw={600} size="sm" ta="center" style={{ whiteSpace: 'nowrap' }} aria-live="polite">
          Página {page} de {pages}
        </Text>
        <Button variant="default" size="sm" px={8} style={{ flexShrink: 0 }} onClick={() => onPage(page + 1)} disabled={page >= pages}>
          Siguiente
        </Button>
      </Group>
    </Stack>
  );
}

/** The agents of one site who have not started or stalled, with what each has left: searchable and paged. */
export function NudgesSection({ userId, atributo, slug, filter, site, dias, onDays, search, activeSearch, onSearch, page, onPage }: NudgesSectionProps) {
  const query: NudgesQuery | null = site ? { filter: { ...filter, sede: site.id }, dias, search: activeSearch, page, perPage: NUDGES_PER_PAGE } : null;
  const nudges = useCoachingNudges(userId, atributo, query);
  return (
    <SectionCard
      id="seguimiento-rezagados"
      title="Agentes que necesitan un empujón"
      description={site ? `En ${site.nombre}: quién no ha empezado o lleva días sin avanzar, y qué le falta.` : 'Quién no ha empezado o lleva días sin avanzar, sede a sede.'}
      action={
        <DownloadButton
          of="de los agentes que necesitan un empujón"
          download={query && nudges.data ? { table: 'rezagados', atributo, slug, query: { filter: query.filter, dias, search: activeSearch } } : null}
        />
      }
    >
      {site === null ? (
        <Text c="gray.7">Elige una sede arriba para ver a sus agentes.</Text>
      ) : (
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              flex="1 1 220px"
              label="Buscar agente"
              placeholder="Nick o nombre..."
              value={search}
              maxLength={50}
              onChange={(event) => onSearch(event.currentTarget.value)}
            />
            <NativeSelect
              label="Parado si no avanza en"
              value={String(dias ?? STALLED_AFTER_DAYS)}
              onChange={(event) => onDays(Number(event.currentTarget.value))}
              data={STALL_DAY_CHOICES.map((d) => ({ value: String(d), label: `${d} días` }))}
              w={{ base: '100%', xs: 200 }}
            />
          </Group>
          <SectionState query={nudges} what="los agentes" skeleton={[96, 96]}>
            {(data) => <NudgeList data={data} page={page} onPage={onPage} />}
          </SectionState>
        </Stack>
      )}
    </SectionCard>
  );
}
