// Loaded on demand by the by-site section: @mantine/charts and recharts stay out of every other route.
import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import type { CoachingGroupFigures } from '#contract/coaching';
import { formatNumber } from '#domain/format';
import { ChartFigure } from './chart-figure.tsx';

const SERIES = [
  { name: 'Iniciaron', color: 'brand.3' },
  { name: 'Terminaron', color: 'brand.6' },
  { name: 'Reface', color: 'imps.5' },
];

/** Bars lie down, one group per site: the names stay readable at 360 px and the chart grows with the floors. */
export function GroupChart({ rows, groupLabel }: { rows: readonly CoachingGroupFigures[]; groupLabel: string }) {
  const data = rows.map((r) => ({ nombre: r.nombre, Iniciaron: r.iniciaron, Terminaron: r.terminaron, Reface: r.reface }));
  return (
    <ChartFigure
      caption={`Avance por ${groupLabel.toLowerCase()}`}
      columns={[groupLabel, 'Iniciaron · Terminaron · Reface']}
      rows={rows.map((r) => [r.nombre, `${formatNumber(r.iniciaron)} · ${formatNumber(r.terminaron)} · ${formatNumber(r.reface)} de ${formatNumber(r.agentes)}`])}
    >
      <BarChart
        h={Math.max(160, rows.length * 56 + 60)}
        data={data}
        dataKey="nombre"
        orientation="vertical"
        series={SERIES}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 36 }}
        gridAxis="x"
        tickLine="none"
        valueFormatter={formatNumber}
        yAxisProps={{ width: 96 }}
        tooltipAnimationDuration={0}
        maxBarWidth={14}
        accessibilityLayer
      />
    </ChartFigure>
  );
}
