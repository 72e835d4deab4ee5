// Loaded on demand by the overview: @mantine/charts and recharts stay out of every other route.
import '@mantine/charts/styles.layer.css';
import { AreaChart, FunnelChart } from '@mantine/charts';
import type { CoachingOverview } from '#contract/coaching';
import { formatNumber } from '#domain/format';
import { dayLabel, formatShare } from '#features/coaching/figures.ts';
import { ChartFigure } from './chart-figure.tsx';
import classes from './coaching.module.css';

const STEPS = [
  { key: 'agentes', name: 'Agentes', color: 'brand.3' },
  { key: 'iniciaron', name: 'Iniciaron', color: 'brand.5' },
  { key: 'terminaron', name: 'Terminaron', color: 'brand.7' },
] as const;

/** The completion funnel and the month's points per day, each with its figures in text. */
export function OverviewCharts({ overview }: { overview: CoachingOverview }) {
  const { figuras } = overview;
  const funnel = STEPS.map(({ key, name, color }) => ({ name, value: figuras[key], color }));
  const days = overview.puntos_por_dia.map(({ dia, puntos }) => ({ dia: dayLabel(dia), Puntos: puntos }));
  return (
    <div className={classes.charts}>
      <ChartFigure
        caption="Embudo de la formación"
        columns={['Paso', 'Agentes']}
        rows={funnel.map((step) => [step.name, `${formatNumber(step.value)} (${formatShare(step.value, figuras.agentes)})`])}
      >
        <FunnelChart
          data={funnel}
          size={220}
          mx="auto"
          withLabels
          labelsPosition="inside"
          valueFormatter={formatNumber}
          withTooltip={false}
          accessibilityLayer
        />
        {/* The steps named with their figures, visible: the funnel's labels carry only numbers. */}
        <ul className={classes.legend} aria-hidden="true">
          {funnel.map((step) => (
            <li key={step.name}>
              <span className={classes.swatch} style={{ background: `var(--mantine-color-${step.color.replace('.', '-')})` }} />
              {step.name} {formatNumber(step.value)}
              {step.name !== 'Agentes' && ` (${formatShare(step.value, figuras.agentes)})`}
            </li>
          ))}
        </ul>
      </ChartFigure>
      <ChartFigure caption="Puntos por día" columns={['Día', 'Puntos']} rows={days.map((d) => [d.dia, formatNumber(d.Puntos)])}>
        <AreaChart
          h={240}
          data={days}
          dataKey="dia"
          series={[{ name: 'Puntos', color: 'brand.6' }]}
          curveType="monotone"
          withDots={false}
          gridAxis="y"
          tickLine="none"
          valueFormatter={formatNumber}
          xAxisProps={{ minTickGap: 16 }}
          yAxisProps={{ width: 48 }}
          tooltipAnimationDuration={0}
          accessibilityLayer
        />
      </ChartFigure>
    </div>
  );
}
