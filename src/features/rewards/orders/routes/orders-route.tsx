import { Alert, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';
import { OfflineState } from '#components/offline-state';
import { PageLoader } from '#components/page-loader';
import { RestrictedAccess } from '#components/restricted-access';
import { ScreenTitle } from '#features/rewards/components/screen-title.tsx';
import { useRewardsUser } from '#features/rewards/hooks/use-rewards-user.ts';
import { useOrders } from '#features/rewards/queries.ts';
import { OrderCard } from '../components/order-card.tsx';

/** /mis-ordenes ("Mis Premios"): brand 2 only; everyone else sees "Acceso restringido". */
export default function OrdersRoute() {
  const rewards = useRewardsUser();
  if (!rewards?.hasAccess) return <RestrictedAccess />;
  return <OrdersScreen userId={rewards.user.id} />;
}

function OrdersScreen({ userId }: { userId: number }) {
  const orders = useOrders(userId);
  const title = <ScreenTitle fetchedAt={orders.fetchedAt} isStale={orders.isStale} />;
  if (orders.isLoading) {
    return (
      <Stack gap="lg">
        {title}
        <PageLoader label="Cargando tus premios..." />
      </Stack>
    );
  }
  if (orders.status === 'offline') {
    return (
      <Stack gap="lg">
        {title}
        <OfflineState onRetry={() => void orders.revalidate()}>Abre Mis Premios con conexión una vez para verlos sin conexión.</OfflineState>
      </Stack>
    );
  }
  if (!orders.data) {
    return (
      <Stack gap="lg">
        {title}
        <Alert color="red" icon={<AlertIcon />} role="alert">
          No se pudo obtener las órdenes. Intenta nuevamente.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {title}
      {orders.data.ordenes.length === 0 ? (
        <Card>
          <Text ta="center" fw={600} py="lg">
            No tienes premios
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {orders.data.ordenes.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
