import { Card, Stack, Text, Title } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { FreshnessNote } from '#components/freshness-note';
import { RouteTitleText } from '#components/route-title';
import { useNotifications } from '../queries.ts';
import { NotificationList } from './notification-list.tsx';
import { PreferencesCard } from './preferences-card.tsx';
import { PushDeviceCard } from './push-device-card.tsx';

/** /avisos: every notification, what the agent wants to hear about, and this device's push. */
export function NotificationsScreen({ user, impersonating }: { user: SessionUser; impersonating: boolean }) {
  const list = useNotifications(user.id, 0);
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          <RouteTitleText />
        </Title>
        <FreshnessNote fetchedAt={list.fetchedAt} isStale={list.isStale} />
      </Stack>
      <Card component="section" aria-labelledby="avisos-lista">
        <Title order={2} size="h4" id="avisos-lista" mb="sm">
          Tus avisos
        </Title>
        <NotificationList userId={user.id} list={list.data} isLoading={list.isLoading} error={list.error} status={list.status} onRetry={() => void list.revalidate()} />
      </Card>
      <Card component="section" aria-labelledby="avisos-preferencias">
        <Title order={2} size="h4" id="avisos-preferencias" mb={4}>
          Qué quieres que te avisemos
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          Los avisos que apagues no te llegarán ni aquí ni en tus dispositivos.
        </Text>
        <PreferencesCard userId={user.id} readOnly={impersonating} />
      </Card>
      {!impersonating && (
        <Card component="section" aria-labelledby="avisos-dispositivo">
          <Title order={2} size="h4" id="avisos-dispositivo" mb="sm">
            Avisos en este dispositivo
          </Title>
          <PushDeviceCard />
        </Card>
      )}
    </Stack>
  );
}
