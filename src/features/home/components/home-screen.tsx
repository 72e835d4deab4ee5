import { Alert, Button, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { needsNickname } from '#domain/access';
import { currentAttribute } from '#domain/calendar';
import { bannerAttributes, inDisplayOrder } from '#domain/training';
import { AlertIcon } from '#components/alert-icon';
import { useCalendar } from '#features/home/queries.ts';
import { useFirstBannerClick } from '#features/home/hooks/use-first-banner-click.ts';
import { AttributeAvatars } from '#features/home/components/attribute-avatars.tsx';
import { BannerCarousel } from '#features/home/components/banner-carousel.tsx';
import { MonthlyProgress } from '#features/home/components/monthly-progress.tsx';
import { NewContentPrompt } from '#features/home/components/new-content-prompt.tsx';
import { PrizesFaq } from '#features/home/components/prizes-faq.tsx';
import { ServiceMechanics } from '#features/home/components/service-mechanics.tsx';

/** /home for a signed-in user: banners, attributes, progress, how it works and the FAQ. */
export function HomeScreen({ user }: { user: SessionUser }) {
  const calendar = useCalendar(user.id);
  const onBannerClick = useFirstBannerClick(user.id);
  const now = new Date();
  const attributes = calendar.data;

  if (!attributes) {
    if (calendar.isLoading) return <HomeSkeleton />;
    return (
      <Alert color="red" role="alert" icon={<AlertIcon />} title={`No se pudieron obtener los atributos: ${calendar.error ?? ''}`}>
        <Button size="xs" variant="default" mt="xs" onClick={() => void calendar.revalidate()}>
          Reintentar
        </Button>
      </Alert>
    );
  }

  const enabled = inDisplayOrder(attributes).filter((a) => a.enabled);
  return (
    <Stack gap="xl">
      <BannerCarousel banners={bannerAttributes(attributes)} onBannerClick={onBannerClick} />
      <AttributeAvatars calendar={attributes} now={now} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <MonthlyProgress attributes={enabled} currentId={currentAttribute(attributes, now)?.id ?? null} userId={user.id} />
        <ServiceMechanics />
      </SimpleGrid>
      <PrizesFaq user={user} />
      {!needsNickname(user) && <NewContentPrompt calendar={attributes} now={now} />}
    </Stack>
  );
}

function HomeSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true">
      <VisuallyHidden role="status">Cargando...</VisuallyHidden>
      <Skeleton radius="lg" style={{ aspectRatio: '8 / 3' }} />
      <Skeleton height={150} radius="lg" />
      <Skeleton height={240} radius="lg" />
    </Stack>
  );
}
