import { Card, Stack, Text } from '@mantine/core';
import type { OrderSummaryRow } from '#contract/admin';
import { EmailText } from '#components/email-text';
import { formatDateTime, formatNumber } from '#domain/format';
import classes from './order-summary.module.css';

interface OrderSummaryCardsProps {
  rows: OrderSummaryRow[];
  /** Position of the first row in the filtered list, for the "#" of each card. */
  offset: number;
}

/** The order summary on a phone: the table's columns as a labelled card per order. */
export function OrderSummaryCards({ rows, offset }: OrderSummaryCardsProps) {
  if (rows.length === 0) {
    return (
      <Card withBorder>
        <Text ta="center" py="md" fw={600}>
          No hay resultados.
        </Text>
      </Card>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pedidos">
      {rows.map((row, index) => (
        <li key={row.id}>
          <Card withBorder padding="sm">
            <div className={classes.head}>
              <Text fw={700} className={classes.name}>
                {row.user.name}
              </Text>
              <Text size="sm" c="dimmed" className={classes.position}>
                #{offset + index + 1}
              </Text>
            </div>
            <Text size="sm" c="dimmed" className={classes.email}>
              <EmailText email={row.user.email} />
            </Text>
            <dl className={classes.fields}>
              <Field label="Nick" value={row.user.nick_name ?? '-'} />
              <Field label="Producto" value={row.nombre_producto} />
              <Field label="Puntos" value={formatNumber(row.puntos)} />
              <Field label="Cantidad" value={formatNumber(row.cantidad)} />
              <Field label="Fecha del canje" value={formatDateTime(row.validity_start) ?? '-'} />
            </dl>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
