import { SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useAtomValue } from 'jotai';
import type { SessionUser } from '#contract/session';
import { showsNewContentPrompt } from '#domain/navigation';
import { takesPart } from '#domain/profiles';
import { currentAttribute } from '#domain/calendar';
import { bannerAttributes, firstBannerArt, inDisplayOrder } from '#domain/training';
import { sessionAtom } from '#offline/session';
import { useShellArt } from '#offline/shell-hint';
import { QueryFallback } from '#components/offline-state';
import { useRepasoRound } from '#data/repaso';
import { useCalendar } from '#data/shared-reads';
import { useFirstBannerClick } from '#features/home/hooks/use-first-banner-click.ts';
import { AttributeAvatars } from '#features/home/components/attribute-avatars.tsx';
import { Later } from '#components/later';
import { BannerCarousel } from '#features/home/components/banner-carousel.tsx';
import { MonthlyProgress } from '#features/home/components/monthly-progress.tsx';
import { NewContentPrompt } from '#features/home/components/new-content-prompt.tsx';
import { PrizesFaq } from '#features/home/components/prizes-faq.tsx';
import { RepasoLine } from '#features/home/components/repaso-line.tsx';
import { ServiceMechanics } from '#features/home/components/service-mechanics.tsx';
import { StaffTools } from '#features/home/components/staff-tools.tsx';

/**
 * /home for a signed-in user: banners, attributes, progress, how it works and the FAQ. Staff
 * signed in as themselves never earn (takesPart): their own tools take the progress' place,
 * and the agents' prize FAQ is left out. Browsing as an agent, a supervisor sees the agent's.
 */
export function HomeScreen({ user }: { user: SessionUser }) {
  const calendar = useCalendar(user.id);
  const earner = takesPart(user);
  const repaso = useRepasoRound(earner ? user.id : null);
  const onBannerClick = useFirstBannerClick(user.id);
  const impersonating = useAtomValue(sessionAtom).originalUser !== null;
  const now = new Date();
  const attributes = calendar.data;
  const banners = attributes ? bannerAttributes(attributes) : [];
  // The next visit's static shell paints this banner before any JavaScript (its LCP).
  useShellArt(user, attributes ? firstBannerArt(attributes) : null);

  // The Repaso line comes in with the rest of the screen: arriving later, it would push it down.
  if (!attributes || repaso.isLoading) {
    if (attributes || calendar.isLoading) return <HomeSkeleton />;
    return (
      <Stack gap="md">
        <PageHeading />
        <QueryFallback query={calendar} offline="Abre el inicio con conexión una vez para verlo sin conexión." errorTitle="No se pudieron obtener los atributos" />
      </Stack>
    );
  }

  const enabled = inDisplayOrder(attributes).filter((a) => a.enabled);
  return (
    <Stack gap="xl">
      <PageHeading />
      <BannerCarousel banners={banners} onBannerClick={onBannerClick} />
      {earner && <RepasoLine round={repaso.data} />}
      <AttributeAvatars calendar={attributes} now={now} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {earner ? (
          <MonthlyProgress attributes={enabled} currentId={currentAttribute(attributes, now)?.id ?? null} userId={user.id} />
        ) : (
          <StaffTools user={user} />
        )}
        {/* Below the first view: how it works and the FAQ come in a commit of their own. */}
        <Later>
          <ServiceMechanics forAgents={earner} />
        </Later>
      </SimpleGrid>
      {earner && (
        <Later>
          <PrizesFaq user={user} />
        </Later>
      )}
      {showsNewContentPrompt(user, impersonating) && <NewContentPrompt calendar={attributes} now={now} />}
    </Stack>
  );
}

/** The page has no visible title (the banners open it); its outline still starts with one. */
function PageHeading() {
  return (
    <VisuallyHidden>
      <h1>Inicio</h1>
    </VisuallyHidden>
  );
}

function HomeSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true">
      <PageHeading />
      <VisuallyHidden role="status">Cargando...</VisuallyHidden>
      <Skeleton radius="lg" style={{ aspectRatio: '8 / 3' }} />
      <Skeleton height={150} radius="lg" />
      <Skeleton height={240} radius="lg" />
    </Stack>
  );
}
