import { useState } from 'react';
import { Alert, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '#api/http';
import { isTimeFactor, TIME_FACTOR_LABELS, TIME_FACTORS, type TimeFactor } from '#domain/scoring';
import { AlertIcon } from '#components/alert-icon';
import { saveAgentTime } from '#features/admin/simulated-navigation/commands.ts';
import { useTimeAccommodation } from '#features/admin/simulated-navigation/queries.ts';

const OPTIONS = TIME_FACTORS.map((f) => ({ value: String(f), label: TIME_FACTOR_LABELS[f] }));

/**
 * Time accommodation (issue 39), for an admin: the chosen agent's extended time for timed quizzes
 * (none, ×1,5, ×2). Saved online (an admin's change is recorded in the Historial de cambios);
 * only the agent's own quiz shows it.
 */
export function TimeAccommodationCard({ userId, nick }: { userId: number; nick: string }) {
  const current = useTimeAccommodation(userId, nick);
  const stored = current.data && isTimeFactor(current.data.factor_tiempo) ? current.data.factor_tiempo : null;
  const [wanted, setWanted] = useState<TimeFactor | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const value = wanted ?? stored;

  async function save() {
    if (value === null) return;
    setSaving(true);
    setMessage(null);
    try {
      const saved = await saveAgentTime(userId, nick, value);
      setWanted(null);
      setMessage({ ok: true, text: saved.factor_tiempo === 1 ? 'Guardado: sin tiempo ampliado.' : `Guardado: tiempo ${TIME_FACTOR_LABELS[value]}.` });
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card component="section" aria-labelledby="tiempo-ampliado" data-testid="tiempo-ampliado">
      <Stack gap="sm">
        <Title order={2} size="h4" id="tiempo-ampliado">
          Tiempo ampliado en los cuestionarios
        </Title>
        <Text size="sm" c="dimmed">
          {current.data ? `${current.data.name} (${current.data.nick_name}): ` : ''}multiplica los tiempos de cada tramo de puntos. Solo lo ve el propio agente en su cuestionario.
        </Text>
        {current.error && !current.data && (
          <Text size="sm" c="red.8" role="status">
            No se pudo leer su tiempo: {current.error}
          </Text>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="Tiempo ampliado"
            data={OPTIONS}
            value={value === null ? '' : String(value)}
            onChange={(next) => { const f = Number(next); if (isTimeFactor(f)) { setWanted(f); setMessage(null); } }}
            disabled={stored === null || saving}
          />
          <Button onClick={() => void save()} loading={saving} disabled={value === null || value === stored}>
            Guardar tiempo
          </Button>
        </Group>
        {message && (
          <Alert color={message.ok ? 'teal' : 'red'} icon={message.ok ? undefined : <AlertIcon />} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
