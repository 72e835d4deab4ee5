import { Badge, Button, Card, Group, Image, List, Stack, Text } from '@mantine/core';
import type { CatalogueProduct } from '#contract/programme-catalogue';
import { formatNumber } from '#domain/format';
import { canDeleteProduct, PRODUCT_STATE_LABELS } from '#domain/programme-catalogue';
import { formatFaceValue } from '#domain/rewards';

const STATE_COLORS = { listed: 'green', 'out-of-stock': 'orange', withdrawn: 'gray' } as const;

interface ProductCardProps {
  product: CatalogueProduct;
  online: boolean;
  busy: boolean;
  onEdit: () => void;
  onToggleListed: () => void;
  onDelete: () => void;
}

const ordersText = (n: number) => (n === 0 ? 'Sin pedidos' : n === 1 ? '1 pedido' : `${formatNumber(n)} pedidos`);

/** A product of the catalogue: image, state, values, orders, and what may be done with it. */
export function ProductCard({ product, online, busy, onEdit, onToggleListed, onDelete }: ProductCardProps) {
  const withdrawn = product.state === 'withdrawn';
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={product.nombre} style={{ opacity: withdrawn ? 0.8 : 1 }}>
      <Card.Section>
        {product.imagen ? (
          <Image src={product.imagen} alt={`Imagen de ${product.nombre}`} h={150} fit="contain" bg="gray.0" />
        ) : (
          <Stack h={150} bg="gray.1" align="center" justify="center">
            <Text c="dimmed" size="sm">
              Sin imagen
            </Text>
          </Stack>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group gap={6}>
          <Badge color={STATE_COLORS[product.state]} variant="light">
            {PRODUCT_STATE_LABELS[product.state]}
          </Badge>
          {withdrawn && !product.tiene_stock && (
            <Badge color="orange" variant="outline">
              Sin stock
            </Badge>
          )}
          <Badge color="gray" variant="outline">
            {product.codigo_producto_chequemotiva ? 'Tarjeta del proveedor' : 'Entrega en mano'}
          </Badge>
        </Group>
        <Text fw={700} lh={1.25}>
          {product.nombre}
        </Text>
        <List size="sm" spacing={2} aria-label={`Valores de ${product.nombre}`}>
          {product.valores.map((v) => (
            <List.Item key={v.id}>
              {formatNumber(v.valor_rings)} IMPs
              {formatFaceValue(v.valor_chequemotiva) ? ` · ${formatFaceValue(v.valor_chequemotiva)}` : ''}
              {v.orders > 0 ? <Text span c="dimmed" size="xs">{` · ${ordersText(v.orders).toLowerCase()}`}</Text> : null}
            </List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          {ordersText(product.orders)} · Orden {product.display_order}
        </Text>
      </Stack>
      <Group gap="xs" mt="md">
        <Button size="xs" variant="light" onClick={onEdit} disabled={!online} aria-label={`Editar ${product.nombre}`}>
          Editar
        </Button>
        <Button size="xs" variant="default" onClick={onToggleListed} loading={busy} disabled={!online} aria-label={`${withdrawn ? 'Reponer' : 'Retirar'} ${product.nombre}`}>
          {withdrawn ? 'Reponer' : 'Retirar'}
        </Button>
        {canDeleteProduct(product.orders) && (
          <Button size="xs" variant="subtle" color="red" onClick={onDelete} disabled={!online || busy} aria-label={`Borrar ${product.nombre}`}>
            Borrar
          </Button>
        )}
      </Group>
    </Card>
  );
}
