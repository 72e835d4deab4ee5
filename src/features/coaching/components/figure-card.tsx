import { Paper, Text } from '@mantine/core';
import type { Trend } from '#features/coaching/figures.ts';
import classes from './coaching.module.css';

interface FigureCardProps {
  label: string;
  value: string;
  /** "62 % de los agentes", under the figure. */
  share?: string;
  /** "+12 vs. Resolutivo"; null without a previous attribute. */
  comparison: { text: string; trend: Trend } | null;
}

const TREND_COLOR: Record<Trend, string> = { up: 'teal.8', down: 'red.8', same: 'gray.7' };
const TREND_MARK: Record<Trend, string> = { up: '▲', down: '▼', same: '●' };

/** One overview figure: its label, the number large, its share and the comparison with the previous attribute. */
export function FigureCard({ label, value, share, comparison }: FigureCardProps) {
  return (
    <Paper withBorder p="sm" className={classes.figure} component="li">
      <Text size="sm" fw={600} c="gray.7" className={classes.figureLabel}>
        {label}
      </Text>
      <Text className={classes.figureValue} fw={700}>
        {value}
      </Text>
      {share && (
        <Text size="xs" c="gray.7">
          {share}
        </Text>
      )}
      {comparison ? (
        <Text size="xs" fw={600} c={TREND_COLOR[comparison.trend]} mt={4}>
          <span aria-hidden="true">{TREND_MARK[comparison.trend]} </span>
          {comparison.text}
        </Text>
      ) : (
        <Text size="xs" c="gray.7" mt={4}>
          Sin atributo anterior
        </Text>
      )}
    </Paper>
  );
}
