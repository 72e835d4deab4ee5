import { Stack, Switch, Text } from '@mantine/core';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '#contract/notifications-constants';
import type { NotificationPreferences } from '#contract/notifications';
import { FreshnessNote } from '#components/freshness-note';
import { saveNotificationPreferences } from '../commands.ts';
import { useNotificationPreferences } from '../queries.ts';

/** A switch per kind of notice; each change is queued (offline too) with every kind's state. */
export function PreferencesCard({ userId, readOnly }: { userId: number; readOnly: boolean }) {
  const { data, isLoading, isStale, fetchedAt, error } = useNotificationPreferences(userId);
  if (!data) return <Text c="gray.7">{isLoading ? 'Cargando preferencias...' : (error ?? 'Sin preferencias guardadas.')}</Text>;
  const change = (kind: keyof NotificationPreferences['tipos'], on: boolean) =>
    void saveNotificationPreferences(userId, { tipos: { ...data.tipos, [kind]: on } }).catch((e: unknown) => console.warn(e));
  return (
    <Stack gap="sm">
      <FreshnessNote fetchedAt={fetchedAt} isStale={isStale} />
      {NOTIFICATION_KINDS.map((kind) => (
        <Switch
          key={kind}
          label={NOTIFICATION_KIND_LABELS[kind]}
          checked={data.tipos[kind] ?? true}
          disabled={readOnly}
          onChange={(event) => change(kind, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}
