import { Stack, Title } from '@mantine/core';
import type { RankingStats, RankingTarget } from '#api/ranking';
import type { SessionUser } from '#contract/session';
import { isInternoOrPlataforma } from '#domain/access';
import { isMonthClosed } from '#domain/calendar';
import { useRankingView } from '#features/ranking/hooks/use-ranking-view.ts';
import { useNeighbours, useRankingCalendar, useRankingPage, useRankingStats } from '#features/ranking/queries.ts';
import { AttributeMenu, AttributeMenuPlaceholder } from './attribute-menu.tsx';
import { MyStanding, MyStandingPlaceholder, type Participation } from './my-standing.tsx';
import { NeighboursCard } from './neighbours-card.tsx';
import { RankingTableCard } from './ranking-table-card.tsx';
import { ViewSwitch } from './view-switch.tsx';
import classes from './ranking.module.css';

interface RankingScreenProps {
  user: SessionUser;
  attributeId: number;
  slug: string;
  attributeName: string;
}

const TITLES = { global: 'Ranking global', plataforma: 'Ranking de tu sede', marca: 'Ranking de tu marca' } as const;

function participationOf(user: SessionUser, stats: RankingStats | undefined, closed: boolean, attribute: { name: string; slug: string } | null): Participation | null {
  if (!stats) return null;
  if (stats.totalPoints !== 0) return { kind: 'stats', stats };
  if (isInternoOrPlataforma(user.perfil)) return { kind: 'supervisor' };
  if (attribute && closed) return { kind: 'closed', attributeName: attribute.name };
  return { kind: 'prompt', attributeName: attribute?.name ?? null, slug: attribute?.slug ?? null };
}

/** /ranking/:atributo: the view switch, the attribute menu, the user's standing, the table and the neighbours. */
export function RankingScreen({ user, attributeId, slug, attributeName }: RankingScreenProps) {
  const state = useRankingView();
  const target: RankingTarget = { view: state.view, attributeId };
  const global = state.view === 'global';
  const calendar = useRankingCalendar(user.id);
  const entry = calendar.data?.find((a) => a.id === attributeId);
  const ranking = useRankingPage(user.id, target, state.page, state.activeSearch);
  const stats = useRankingStats(user.id, target);
  const neighbours = useNeighbours(user.id, target);
  const closed = entry ? isMonthClosed(entry, new Date()) : false;
  const participation = participationOf(user, stats.data, closed, global ? null : { name: attributeName, slug });
  const hasPoints = participation?.kind === 'stats';

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {global ? 'Ranking' : `Ranking · ${attributeName}`}
      </Title>
      <ViewSwitch choice={state.choice} onChange={state.setChoice} />
      <div className={classes.layout} data-with-menu={!global || undefined}>
        {!global && (calendar.data ? <AttributeMenu calendar={calendar.data} currentId={attributeId} choice={state.choice} /> : <AttributeMenuPlaceholder />)}
        <div className={classes.main}>
          {participation ? <MyStanding participation={participation} /> : stats.isLoading && <MyStandingPlaceholder />}
          <RankingTableCard
            title={TITLES[state.view]}
            ranking={ranking}
            page={state.page}
            onPage={state.setPage}
            search={hasPoints ? { value: state.search, onChange: state.setSearch } : null}
            myUserId={user.id}
          />
        </div>
        {hasPoints && neighbours.data && <NeighboursCard neighbours={neighbours.data} myUserId={user.id} />}
      </div>
    </Stack>
  );
}
