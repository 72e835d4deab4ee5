import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Order } from '#contract/rewards';
import { formatDate, formatPoints } from '#domain/format';
import { ProductImage } from '#features/rewards/components/product-image.tsx';
import classes from './orders.module.css';

const NO_URL = 'Tu responsable será el encargado de entregarte la tarjeta';

/** Spec 2 "/mis-ordenes": one redeemed prize: image, name, IMPs, when redeemed, expiry, coupon. */
export function OrderCard({ order }: { order: Order }) {
  const redeemed = formatDate(order.validity_start) ?? 'No se canjeó';
  const expires = formatDate(order.validity_end) ?? 'No esta disponible';
  return (
    <Card component="article" padding="md" aria-label={order.nombre_producto} className={classes.card}>
      <Group gap="md" wrap="nowrap">
        <div className={classes.thumb}>
          <ProductImage src={order.product.imagen} />
        </div>
        <Stack gap={4} className={classes.details}>
          <Title order={2} size="h5">
            {order.nombre_producto}
          </Title>
          <Text fw={800} c="imps.8">
            {formatPoints(Number(order.puntos))}
          </Text>
        </Stack>
      </Group>
      <dl className={classes.dates}>
        <div>
          <dt>Canjeado</dt>
          <dd>{redeemed}</dd>
        </div>
        <div>
          <dt>Expira</dt>
          <dd>{expires}</dd>
        </div>
      </dl>
      <div className={classes.action}>
        {order.error !== null ? (
          <Text size="sm" c="red.8">
            No se pudo emitir la tarjeta. Te devolvimos los IMPs.
          </Text>
        ) : order.url ? (
          <Button component="a" href={order.url} target="_blank" rel="noopener noreferrer" variant="light" fullWidth leftSection={<DownloadIcon />}>
            Descargar cupón
          </Button>
        ) : (
          <Text size="sm" c="dimmed" className={classes.note}>
            {NO_URL}
          </Text>
        )}
      </div>
    </Card>
  );
}

function DownloadIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}
