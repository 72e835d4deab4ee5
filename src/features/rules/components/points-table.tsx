import { Table, Text } from '@mantine/core';
import { RESPONSE_TIME_POINTS } from '#domain/scoring';

/** Points for a correct answer by response time, printed from the scoring rule itself. */
export function PointsTable() {
  return (
    <Table striped highlightOnHover withTableBorder verticalSpacing="sm" horizontalSpacing="md" maw={520}>
      <Table.Caption>Una respuesta incorrecta no suma puntos, sea cual sea el tiempo.</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Tiempo de respuesta</Table.Th>
          <Table.Th scope="col" ta="right">
            Puntos por acierto
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {RESPONSE_TIME_POINTS.map((band) => (
          <Table.Tr key={band.fromSeconds}>
            <Table.Td>{band.label}</Table.Td>
            <Table.Td ta="right">
              <Text component="span" fw={800} c="imps.8">
                {band.points}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
