import { Navigate } from 'react-router-dom';
import { Alert, Card, Stack, Text } from '@mantine/core';
import { paths } from '#domain/paths';
import { AlertIcon } from '#components/alert-icon';
import { OfflineState } from '#components/offline-state';
import { PageLoader } from '#components/page-loader';
import { ScreenTitle } from '#features/rewards/components/screen-title.tsx';
import { useRewardsUser } from '#features/rewards/hooks/use-rewards-user.ts';
import { useImpsHistory } from '#features/rewards/queries.ts';
import { takesPart } from '#domain/profiles';
import { HistoryMonths } from '../components/history-months.tsx';
import { LapsesCard } from '../components/lapses-card.tsx';

/**
 * /mis-ingresos ("Historial de IMPs"): brand 2's movements, with what lapses next above them.
 * Another brand's agent (brand 1: IMPs + Ring Ring) sees what lapses of their IMPs part only,
 * where a lapse notice takes them; anyone else goes to /home.
 */
export default function HistoryRoute() {
  const rewards = useRewardsUser();
  if (rewards && !rewards.hasAccess && takesPart(rewards.user)) return <LapsesScreen userId={rewards.user.id} />;
  if (!rewards?.hasAccess) return <Navigate to={paths.home.getHref()} replace />;
  return <HistoryScreen userId={rewards.user.id} />;
}

function LapsesScreen({ userId }: { userId: number }) {
  return (
    <Stack gap="lg" maw={760}>
      <ScreenTitle title="Tus IMPs" />
      <LapsesCard userId={userId} ringsApart emptyText="Ninguno de tus IMPs caduca en los próximos meses." />
    </Stack>
  );
}

function HistoryScreen({ userId }: { userId: number }) {
  const history = useImpsHistory(userId);
  return (
    <Stack gap="lg" maw={760}>
      <ScreenTitle fetchedAt={history.fetchedAt} isStale={history.isStale} />
      <LapsesCard userId={userId} />
      {history.isLoading ? (
        <PageLoader label="Cargando movimientos..." />
      ) : history.status === 'offline' ? (
        <OfflineState onRetry={() => void history.revalidate()}>Abre el historial con conexión una vez para verlo sin conexión.</OfflineState>
      ) : !history.data ? (
        <Alert color="red" icon={<AlertIcon />} role="alert">
          No se pudo obtener el historial de IMPs: {history.error ?? 'Error desconocido'}
        </Alert>
      ) : history.data.length === 0 ? (
        <Card>
          <Text ta="center" fw={600} py="lg">
            No hay movimientos todavía.
          </Text>
        </Card>
      ) : (
        <HistoryMonths movements={history.data} />
      )}
    </Stack>
  );
}
