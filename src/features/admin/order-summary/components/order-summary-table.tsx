import { ScrollArea, Table, Text } from '@mantine/core';
import type { OrderSummaryRow } from '#contract/admin';
import { formatDateTime, formatNumber } from '#domain/format';
import classes from './order-summary.module.css';

const COLUMNS = ['#', 'Nombre', 'Nick', 'Email', 'Producto', 'Puntos', 'Cantidad', 'Fecha del canje'];

interface OrderSummaryTableProps {
  rows: OrderSummaryRow[];
  /** Position of the first row in the filtered list, for the # column. */
  offset: number;
}

/**
 * The summary table (spec 2 and 9) for tablets and desktops: 400 px high, scrolling inside,
 * header kept in view. The scroll box takes keyboard focus, so arrows scroll it without a mouse.
 */
export function OrderSummaryTable({ rows, offset }: OrderSummaryTableProps) {
  const empty = rows.length === 0;
  return (
    <ScrollArea
      h={400}
      type="auto"
      offsetScrollbars
      classNames={{ root: classes.scrollRoot, viewport: classes.viewport }}
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Tabla de pedidos' }}
    >
      {/* Empty, the table fits its box so "No hay resultados." is never off to the side. */}
      <Table striped highlightOnHover stickyHeader verticalSpacing="sm" miw={empty ? undefined : 860}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c} scope="col">
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {empty ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text ta="center" py="lg" fw={600}>
                  No hay resultados.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row, index) => (
              <Table.Tr key={row.id}>
                <Table.Td>{offset + index + 1}</Table.Td>
                <Table.Td>{row.user.name}</Table.Td>
                <Table.Td>{row.user.nick_name ?? '-'}</Table.Td>
                <Table.Td>{row.user.email}</Table.Td>
                <Table.Td>{row.nombre_producto}</Table.Td>
                <Table.Td>{formatNumber(row.puntos)}</Table.Td>
                <Table.Td>{formatNumber(row.cantidad)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.validity_start) ?? '-'}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
