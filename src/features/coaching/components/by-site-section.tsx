import { Suspense, useState } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { onDemand } from '#components/on-demand';
import type { CoachingBySite, CoachingFilter } from '#contract/coaching';
import { nextSort, sortGroups, type GroupSort } from '#features/coaching/figures.ts';
import { useCoachingBySite } from '#features/coaching/queries.ts';
import { DownloadButton } from './download-button.tsx';
import { GroupTable } from './group-table.tsx';
import { SectionCard } from './section-card.tsx';
import { SectionState } from './section-state.tsx';

const GroupChart = onDemand(() => import('./group-chart.tsx').then((m) => m.GroupChart));

type Grouping = 'sedes' | 'plataformas';
const GROUPINGS: readonly { value: Grouping; label: string }[] = [
  { value: 'sedes', label: 'Por sede' },
  { value: 'plataformas', label: 'Por plataforma' },
];

interface BySiteSectionProps {
  userId: number;
  atributo: number;
  slug: string;
  filter: CoachingFilter;
}

function Groups({ data }: { data: CoachingBySite }) {
  const [grouping, setGrouping] = useState<Grouping>('sedes');
  // Those who finished least first: the floor that lags is at the top of the table and the chart.
  const [sort, setSort] = useState<GroupSort>({ key: 'terminaron', direction: 'asc' });
  const byPlatform = grouping === 'plataformas' && data.plataformas.length > 0;
  const label = byPlatform ? 'Plataforma' : 'Sede';
  const rows = sortGroups<CoachingBySite['plataformas'][number] & { plataforma?: string }>(byPlatform ? data.plataformas : data.sedes, sort);
  return (
    <Stack gap="md">
      {data.plataformas.length > 0 && (
        <Button.Group aria-label="Agrupar por">
          {GROUPINGS.map(({ value, label: text }) => (
            <Button key={value} size="xs" variant={grouping === value ? 'filled' : 'default'} aria-pressed={grouping === value} onClick={() => setGrouping(value)}>
              {text}
            </Button>
          ))}
        </Button.Group>
      )}
      <GroupTable
        rows={rows}
        groupLabel={label}
        withPlatform={!byPlatform && data.plataformas.length > 0}
        sort={sort}
        onSort={(key) => setSort((current) => nextSort(current, key))}
      />
      {rows.length > 0 && (
        <Suspense fallback={<Skeleton height={220} radius="md" />}>
          <GroupChart rows={rows} groupLabel={label} />
        </Suspense>
      )}
    </Stack>
  );
}

/** The same figures per site (and per platform for INTERNO and admin): which floor lags. */
export function BySiteSection({ userId, atributo, slug, filter }: BySiteSectionProps) {
  const bySite = useCoachingBySite(userId, atributo, filter);
  return (
    <SectionCard
      id="seguimiento-sedes"
      title="Por sede"
      description="Las mismas cifras por sede: ordena la tabla pulsando una columna para ver qué planta va por detrás."
      action={<DownloadButton of="de las cifras por sede" download={bySite.data ? { table: 'sedes', atributo, slug, filter } : null} />}
    >
      <SectionState query={bySite} what="las cifras por sede" skeleton={[220, 200]}>
        {(data) => <Groups data={data} />}
      </SectionState>
    </SectionCard>
  );
}
