import { Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import { onDemand } from '#components/on-demand';
import type { CoachingFilter, CoachingOptions, CoachingOverview } from '#contract/coaching';
import { comparison, FIGURES, formatFigure, formatShare } from '#features/coaching/figures.ts';
import { useCoachingOverview } from '#features/coaching/queries.ts';
import { DownloadButton } from './download-button.tsx';
import { FigureCard } from './figure-card.tsx';
import { SectionCard } from './section-card.tsx';
import { SectionState } from './section-state.tsx';
import classes from './coaching.module.css';

// The charts (@mantine/charts, recharts) load after the figures, and only on this screen.
const OverviewCharts = onDemand(() => import('./overview-charts.tsx').then((m) => m.OverviewCharts));

interface OverviewSectionProps {
  userId: number;
  atributo: number;
  slug: string;
  filter: CoachingFilter;
  options: CoachingOptions;
}

const SHARED: ReadonlySet<string> = new Set(['iniciaron', 'terminaron', 'reface']);

function Figures({ overview, options }: { overview: CoachingOverview; options: CoachingOptions }) {
  const previous = overview.anterior;
  const previousName = options.atributos.find((a) => a.id === previous?.atributo)?.nombre ?? 'el anterior';
  return (
    <ul className={classes.figures} aria-label="Cifras del atributo">
      {FIGURES.map(({ key, label }) => {
        const value = overview.figuras[key];
        return (
          <FigureCard
            key={key}
            label={label}
            value={formatFigure(key, value)}
            share={SHARED.has(key) && value !== null ? `${formatShare(value, overview.figuras.agentes)} de los agentes` : undefined}
            comparison={previous ? comparison(key, value, previous.figuras[key], previousName) : null}
          />
        );
      })}
    </ul>
  );
}

/** The attribute at a glance: the six figures against the previous attribute, the funnel and the points per day. */
export function OverviewSection({ userId, atributo, slug, filter, options }: OverviewSectionProps) {
  const overview = useCoachingOverview(userId, atributo, filter);
  return (
    <SectionCard
      id="seguimiento-resumen"
      title="Resumen"
      description="Cuántos agentes empezaron y terminaron la formación del mes, comparado con el atributo anterior."
      action={<DownloadButton of="del resumen" download={overview.data ? { table: 'resumen', atributo, slug, filter } : null} />}
    >
      <SectionState query={overview} what="el resumen" skeleton={[180, 260]}>
        {(data) => (
          <>
            <Figures overview={data} options={options} />
            <Suspense fallback={<Skeleton height={300} radius="md" />}>
              <OverviewCharts overview={data} />
            </Suspense>
          </>
        )}
      </SectionState>
    </SectionCard>
  );
}
