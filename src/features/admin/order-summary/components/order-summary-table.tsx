import { ScrollArea, Table, Text } from '@mantine/core';
import type { OrderSummaryRow } from '#contract/admin';
import { formatDateTime, formatNumber } from '#domain/format';

const COLUMNS = ['#', 'Nombre', 'Nick', 'Email', 'Producto', 'Puntos', 'Cantidad', 'Fecha del canje'];

interface OrderSummaryTableProps {
  rows: OrderSummaryRow[];
  /** Position of the first row in the filtered list, for the # column. */
  offset: number;
}

/** The summary table (spec 2 and 9): 400 px high, scrolling inside, header kept in view. */
export function OrderSummaryTable({ rows, offset }: OrderSummaryTableProps) {
  return (
    <ScrollArea h={400} type="auto" offsetScrollbars>
      <Table striped highlightOnHover stickyHeader verticalSpacing="sm" miw={860}>
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
          {rows.length === 0 ? (
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
