import type { ReactNode } from 'react';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import classes from './coaching.module.css';

interface ChartFigureProps {
  caption: string;
  /** The chart's figures as text, for screen readers: one row per bar, step or day. */
  rows: readonly (readonly [string, string])[];
  /** The text table's column headings. */
  columns: readonly [string, string];
  children: ReactNode;
}

/**
 * A chart with its caption and its figures in text: the drawing is for the eye (and the
 * keyboard: recharts' accessibility layer moves its tooltip with the arrows), the hidden
 * table carries every number for a screen reader.
 */
export function ChartFigure({ caption, rows, columns, children }: ChartFigureProps) {
  return (
    <figure className={classes.chart}>
      <Text component="figcaption" fw={600} size="sm" mb="xs">
        {caption}
      </Text>
      {children}
      <VisuallyHidden>
        <Table>
          <caption>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{columns[0]}</Table.Th>
              <Table.Th scope="col">{columns[1]}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th scope="row">{name}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
