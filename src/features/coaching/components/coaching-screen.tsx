import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { FreshnessNote } from '#components/freshness-note';
import { LoadError } from '#components/load-error';
import { OfflineState } from '#components/offline-state';
import { RouteTitleText } from '#components/route-title';
import type { CoachingOptions } from '#contract/coaching';
import type { SessionUser } from '#contract/session';
import { profileReach } from '#domain/impersonation';
import { useCoachingView } from '#features/coaching/hooks/use-coaching-view.ts';
import { useCoachingOptions } from '#features/coaching/queries.ts';
import { scopeChoices, validFilter } from '#features/coaching/scope.ts';
import { BySiteSection } from './by-site-section.tsx';
import { NudgesSection } from './nudges-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { QuestionsSection } from './questions-section.tsx';
import { ScopeBar } from './scope-bar.tsx';

/** The attribute in the URL when the scope lists it, else the current one, else the newest. */
function attributeOf(options: CoachingOptions, wanted: number | undefined) {
  const id = options.atributos.some((a) => a.id === wanted) ? wanted : (options.actual ?? options.atributos[0]?.id);
  return options.atributos.find((a) => a.id === id) ?? null;
}

function Heading() {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        <RouteTitleText />
      </Title>
      <Text size="sm" c="gray.7">
        Cómo va tu equipo en la formación del mes: quién avanza, quién se ha parado y qué preguntas cuestan más.
      </Text>
    </Stack>
  );
}

/** /seguimiento: the scope, then the overview, the figures per site, who needs a nudge and the hard questions. */
export function CoachingScreen({ user }: { user: SessionUser }) {
  const view = useCoachingView();
  const options = useCoachingOptions(user.id);
  const reach = profileReach(user.perfil);

  const body = () => {
    if (options.isLoading) return <Skeleton height={72} radius="lg" aria-label="Cargando el ámbito" />;
    if (options.data === undefined) {
      if (options.status === 'offline') {
        return <OfflineState onRetry={() => void options.revalidate()}>Abre Seguimiento con conexión una vez para verlo sin conexión.</OfflineState>;
      }
      return <LoadError title={`No se pudo cargar el seguimiento: ${options.error ?? 'error desconocido'}`} onRetry={() => void options.revalidate()} />;
    }
    const data = options.data;
    const attribute = attributeOf(data, view.atributo);
    if (!attribute) return <Text c="gray.7">Aún no hay atributos con cifras en tu ámbito.</Text>;
    const filter = validFilter(data, reach, view.filter);
    const site = data.sedes.find((s) => s.id === filter.sede) ?? null;
    const common = { userId: user.id, atributo: attribute.id, slug: attribute.slug };
    return (
      <>
        <FreshnessNote fetchedAt={options.fetchedAt} isStale={options.isStale} />
        <ScopeBar
          options={data}
          atributo={attribute.id}
          onAttribute={view.setAttribute}
          choices={scopeChoices(data, reach, filter)}
          filter={filter}
          onScope={view.setScope}
        />
        <OverviewSection {...common} filter={filter} options={data} />
        <BySiteSection {...common} filter={filter} />
        <NudgesSection
          {...common}
          filter={filter}
          site={site}
          dias={view.dias}
          onDays={view.setDays}
          search={view.search}
          activeSearch={view.activeSearch}
          onSearch={view.setSearch}
          page={view.page}
          onPage={view.setPage}
        />
        <QuestionsSection {...common} filter={filter} />
      </>
    );
  };

  return (
    <Stack gap="lg">
      <Heading />
      {body()}
    </Stack>
  );
}
