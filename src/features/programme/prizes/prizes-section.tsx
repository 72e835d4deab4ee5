import { notify } from '#components/notify';
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { PrizeTier } from '#contract/programme-prizes';
import { deletePrizeTier } from '#api/programme-prizes';
import { monthLabel } from '#domain/programme-prizes';
import { sessionAtom } from '#offline/session';
import { LoadError } from '#components/load-error';
import { PageLoader } from '#components/page-loader';
import { MonthList } from './month-list.tsx';
import { useProgrammePrizes } from './queries.ts';
import { TierEditor } from './tier-editor.tsx';
import { TierList } from './tier-list.tsx';

const notifyDone = (message: string) => notify({ color: 'green', message });

/** Programa › Premios: the ranking prizes by the month they apply from, and what each calendar month takes. */
export function PrizesSection() {
  const userId = useAtomValue(sessionAtom).user?.id ?? null;
  const prizes = useProgrammePrizes(userId);
  const { online } = useNetwork();
  const [editing, setEditing] = useState<PrizeTier | 'new' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (prizes.isLoading && !prizes.data) return <PageLoader label="Cargando los premios..." />;
  if (!prizes.data) return <LoadError title={prizes.error ?? 'No se pudieron cargar los premios'} onRetry={() => void prizes.revalidate()} />;
  const { tiers, months } = prizes.data;

  const remove = async (tier: PrizeTier) => {
    setBusy(tier.applies_from);
    setFailure(null);
    try {
      await deletePrizeTier(tier.applies_from);
      await prizes.revalidate();
      void notifyDone(`Premios desde ${monthLabel(tier.applies_from)} borrados`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'No se pudieron borrar los premios');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" size="sm" maw={720} style={{ flex: '1 1 260px' }}>
          Los IMPs de los premios de los rankings mensuales: el 1.º, 2.º y 3.er premio de cada sede y el del primero de cada marca. Cada fila se aplica desde su mes hasta la fila siguiente. Los importes se fijan al cerrar los ganadores de un mes: una fila ya aplicada no cambia.
        </Text>
        <Button onClick={() => setEditing('new')} disabled={!online}>
          Añadir fila
        </Button>
      </Group>
      {!online && <Alert color="yellow" role="status">Necesitas conexión para cambiar los premios. Ves la última copia guardada.</Alert>}
      {prizes.error && <Alert color="yellow" role="status">No se pudo actualizar: {prizes.error}</Alert>}
      {failure && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)} closeButtonLabel="Cerrar aviso">
          {failure}
        </Alert>
      )}
      <Stack gap="sm">
        <Title order={2} size="h4">Importes por mes</Title>
        <TierList tiers={tiers} online={online} busy={busy} onEdit={setEditing} onDelete={(t) => void remove(t)} />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">Meses del calendario</Title>
        <MonthList months={months} />
      </Stack>
      {editing && (
        <TierEditor
          tier={editing === 'new' ? null : editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={(_view, message) => {
            setEditing(null);
            void prizes.revalidate();
            void notifyDone(message);
          }}
        />
      )}
    </Stack>
  );
}
