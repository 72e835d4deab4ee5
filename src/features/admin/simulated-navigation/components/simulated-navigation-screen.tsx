import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Flex, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { canGrantExtraTime, usesPlatformStep } from '#domain/profiles';
import { paths } from '#domain/paths';
import { errorMessage } from '#api/http';
import { AlertIcon } from '#components/alert-icon';
import { RouteTitleText } from '#components/route-title';
import { browseAsAgent } from '#features/admin/simulated-navigation/commands.ts';
import { useCascade } from '#features/admin/simulated-navigation/hooks/use-cascade.ts';
import { ListSelect } from '#features/admin/simulated-navigation/components/list-select.tsx';
import { TimeAccommodationCard } from '#features/admin/simulated-navigation/components/time-accommodation-card.tsx';

/** The searchable agent dropdown, after the first paint; the native list until then, or if it cannot load. */
const AgentSelect = lazy(() =>
  import('#features/admin/simulated-navigation/components/agent-select.tsx').then(
    (m) => ({ default: m.AgentSelect }),
    (error: unknown) => {
      console.warn('Could not load the searchable agent list', error);
      return { default: ListSelect };
    },
  ),
);

export const NO_AGENT_CHOSEN = '¡Error! Tienes que elegir un agente';

/** /navegacion-simulada (spec 2): choose brand, (platform), site and agent, then browse as the agent. */
export function SimulatedNavigationScreen({ user }: { user: SessionUser }) {
  const platformStep = usesPlatformStep(user.perfil);
  const cascade = useCascade(user.id, platformStep);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const { choice, disabled, options } = cascade;

  const search = () => {
    if (!choice.agent) {
      setError(NO_AGENT_CHOSEN);
      return;
    }
    setError(null);
    setSearching(true);
    browseAsAgent(choice.agent).then(
      () => navigate(paths.home.getHref()),
      (reason: unknown) => {
        console.error('Impersonation failed', reason);
        setError(errorMessage(reason));
        setSearching(false);
      },
    );
  };

  const agent = { label: 'Agente', placeholder: 'Selecciona un agente', data: options.agents, value: choice.agent, onChange: cascade.chooseAgent, disabled: disabled.agent };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <RouteTitleText />
      </Title>
      <Card>
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            Elige un agente para ver la app como la ve él. Es solo para mirar: en navegación simulada no se ganan ni se
            canjean IMPs.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ListSelect label="Marca" placeholder="Selecciona una marca" data={options.brands} value={choice.brand} onChange={cascade.chooseBrand} disabled={disabled.brand} />
            {platformStep && (
              <ListSelect label="Plataforma" placeholder="Selecciona una plataforma" data={options.platforms} value={choice.platform} onChange={cascade.choosePlatform} disabled={disabled.platform} />
            )}
            <ListSelect label="Sede" placeholder="Selecciona una sede" data={options.sites} value={choice.site} onChange={cascade.chooseSite} disabled={disabled.site} />
            <Suspense fallback={<ListSelect {...agent} />}>
              <AgentSelect {...agent} />
            </Suspense>
          </SimpleGrid>
          {cascade.failed && (
            <Text size="sm" c="red.8" role="status">
              No se pudo cargar la lista: {cascade.failed}
            </Text>
          )}
          {error && (
            <Alert color="red" icon={<AlertIcon />} role="alert" withCloseButton closeButtonLabel="Cerrar" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          {/* Phones: one full-width button a row, Buscar last (nearest the thumb); wider, one row. */}
          <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
            <Button component={Link} to={paths.home.getHref()} variant="subtle">
              Visitar mi perfil
            </Button>
            <Button variant="default" onClick={() => { setError(null); cascade.reset(); }}>
              Resetear
            </Button>
            <Button onClick={search} loading={searching}>
              Buscar
            </Button>
          </Flex>
        </Stack>
      </Card>
      {/* Time accommodation (issue 39): an admin's control for the agent chosen above. */}
      {canGrantExtraTime(user.perfil) && choice.agent && <TimeAccommodationCard key={choice.agent} userId={user.id} nick={choice.agent} />}
    </Stack>
  );
}
