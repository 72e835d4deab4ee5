import { Suspense } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { RankingStats, RankingTarget } from '#api/ranking';
import { AttributeNotOpen } from '#components/attribute-not-open';
import { onDemand } from '#components/on-demand';
import { Later } from '#components/later';
import type { Attribute } from '#contract/attributes';
import type { RankingOptions, RankingView } from '#contract/ranking';
import type { SessionUser } from '#contract/session';
import { isMonthClosed } from '#domain/calendar';
import { profileReach, type ImpersonationScope } from '#domain/impersonation';
import { paths } from '#domain/paths';
import { takesPartInRankings } from '#domain/ranking-scope';
import { inDisplayOrder } from '#domain/training';
import { useRankingView } from '#features/ranking/hooks/use-ranking-view.ts';
import { rankingTitle } from '#features/ranking/ranking-keys.ts';
import { useAttributeOpen } from '#data/shared-reads';
import { useNeighbours, useRankingOptions, useRankingPage, useRankingStats } from '#features/ranking/queries.ts';
import { AttributeMenu, AttributeMenuPlaceholder } from './attribute-menu.tsx';
import { MyStanding, MyStandingPlaceholder, type Participation } from './my-standing.tsx';
import { NeighboursCard } from './neighbours-card.tsx';
import { RankingTableCard } from './ranking-table-card.tsx';
import { ScopeSelectPlaceholder } from './scope-select-placeholder.tsx';
import { ViewSwitch } from './view-switch.tsx';
import classes from './ranking.module.css';

// Only staff choose a site or brand: agents never load the Select (Combobox, Popover, floating-ui).
const ScopeSelect = onDemand(() => import('./scope-select.tsx').then((m) => m.ScopeSelect));

interface RankingScreenProps {
  user: SessionUser;
  attributeId: number;
  slug: string;
  attributeName: string;
}

const TITLES = { global: 'Ranking global', plataforma: 'Ranking de tu sede', marca: 'Ranking de tu marca' } as const;
/** What staff read of the rankings, by the reach their profile grants (#domain/impersonation). */
const STAFF_REACH: Record<ImpersonationScope['kind'], string> = {
  all: 'consultas los de todas las marcas y sedes.',
  brands: 'consultas los de tu marca.',
  platforms: 'consultas los de tu plataforma.',
  none: 'consultas los de tu ámbito.',
};

function participationOf(stats: RankingStats | undefined, closed: boolean, attribute: { name: string; slug: string } | null): Participation | null {
  if (!stats) return null;
  if (stats.totalPoints !== 0) return { kind: 'stats', stats };
  if (attribute && closed) return { kind: 'closed', attributeName: attribute.name };
  return { kind: 'prompt', attributeName: attribute?.name ?? null, slug: attribute?.slug ?? null };
}

/** Staff's table title names what they chose: "Ranking de la sede Bilbao", "Ranking de Marca 2". */
function staffTitle(view: RankingView, options: RankingOptions | undefined, scopeId: number | null): string {
  if (view === 'global') return TITLES.global;
  if (view === 'marca') {
    const brand = options?.marcas.find((b) => b.id === scopeId);
    return brand ? `Ranking de ${brand.nombre}` : 'Ranking de la marca';
  }
  const site = options?.sedes.find((s) => s.id === scopeId);
  return site ? `Ranking de la sede ${site.nombre}` : 'Ranking de la sede';
}

/** Where the not-open screen leads: the ranking of the attribute open now, else the last one open. */
function openRanking(calendar: readonly Attribute[] | undefined) {
  const enabled = inDisplayOrder(calendar ?? []).filter((a) => a.enabled);
  const current = enabled.find((a) => !isMonthClosed(a, new Date())) ?? enabled[enabled.length - 1];
  return current
    ? { to: paths.ranking.getHref(current.slug), label: `Ver el ranking de ${current.nombre}` }
    : { to: paths.attributes.getHref(), label: 'Ver atributos' };
}

/**
 * /ranking/:atributo: the view switch, the attribute menu and the table; an agent also gets its
 * standing and neighbours, staff a choice of site or brand within their scope instead.
 */
export function RankingScreen({ user, attributeId, slug, attributeName }: RankingScreenProps) {
  const state = useRankingView();
  const global = state.view === 'global';
  const staff = !takesPartInRankings(user.perfil);
  const { open, entry, calendar } = useAttributeOpen(user.id, attributeId);
  const options = useRankingOptions(user.id, staff);
  const scopeId = staff && !global ? state.scopeId ?? (state.view === 'marca' ? options.data?.marca : options.data?.sede) ?? null : null;
  const ready = open === true && !(staff && !global && scopeId === null && options.isLoading);
  const target: RankingTarget | null = ready ? { view: state.view, attributeId, scopeId } : null;
  const ranking = useRankingPage(user.id, target, state.page, state.activeSearch);
  const stats = useRankingStats(user.id, staff ? null : target);
  const neighbours = useNeighbours(user.id, staff ? null : target);
  const closed = entry ? isMonthClosed(entry, new Date()) : false;
  const participation = staff ? null : participationOf(stats.data, closed, global ? null : { name: attributeName, slug });
  const hasPoints = participation?.kind === 'stats';
  // An agent's figures not known yet: whether the search shows is not known either.
  const figuresPending = !staff && participation === null;

  if (open === false) return <AttributeNotOpen attributeName={attributeName} back={openRanking(calendar.data)} />;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {rankingTitle(state.choice, attributeName)}
        </Title>
        {staff && (
          <Text size="sm" c="gray.7">
            No participas en el ranking: {STAFF_REACH[profileReach(user.perfil)]}
          </Text>
        )}
      </Stack>
      <ViewSwitch choice={state.choice} onChange={state.setChoice}>
        {staff && !global && options.data && (
          <Suspense fallback={<ScopeSelectPlaceholder kind={state.view === 'marca' ? 'marca' : 'sede'} options={options.data} />}>
            <ScopeSelect kind={state.view === 'marca' ? 'marca' : 'sede'} options={options.data} value={scopeId} onChange={state.setScopeId} />
          </Suspense>
        )}
      </ViewSwitch>
      <div className={classes.layout} data-with-menu={!global || undefined} data-with-side={!staff || undefined}>
        {!global && (calendar.data ? <AttributeMenu calendar={calendar.data} currentId={attributeId} query={state.query} /> : <AttributeMenuPlaceholder />)}
        <div className={classes.main}>
          {participation ? <MyStanding participation={participation} /> : !staff && (stats.isLoading || !ready) && <MyStandingPlaceholder />}
          <RankingTableCard
            title={staff ? staffTitle(state.view, options.data, scopeId) : TITLES[state.view]}
            ranking={ranking}
            waiting={!ready}
            page={state.page}
            onPage={state.setPage}
            search={hasPoints || staff || figuresPending ? { value: state.search, onChange: state.setSearch, disabled: figuresPending } : null}
            myUserId={user.id}
          />
        </div>
        {hasPoints && neighbours.data && (
          <Later>
            <NeighboursCard neighbours={neighbours.data} myUserId={user.id} />
          </Later>
        )}
      </div>
    </Stack>
  );
}
