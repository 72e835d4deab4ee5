import { Alert, Group, Loader, Text } from '@mantine/core';
import type { ResultRow } from '#contract/quiz';
import type { OutboxRow } from '#offline/db';
import { useCorrection } from '#features/quiz/hooks/use-correction.ts';

interface CorrectionStatusProps {
  result: ResultRow | undefined;
  row: OutboxRow | undefined;
  refreshResults: () => Promise<void>;
  onDone: () => void;
}

/** The line under a confirmed answer: correcting, right or wrong with its IMPs, or saved for later. */
export function CorrectionStatus(props: CorrectionStatusProps) {
  const phase = useCorrection(props);
  const { result } = props;
  return (
    <div role="status" aria-live="polite">
      {phase === 'checking' && (
        <Group gap="xs">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">Corrigiendo...</Text>
        </Group>
      )}
      {phase === 'corrected' && result && (
        <Alert color={result.correcta ? 'teal' : 'red'} title={result.correcta ? '¡Respuesta correcta!' : 'Respuesta incorrecta'}>
          <Text size="sm">{result.correcta ? `Has ganado ${result.puntos} IMPs.` : `La respuesta correcta era: ${result.respuesta_correcta}`}</Text>
        </Alert>
      )}
      {phase === 'saved' && (
        <Alert color="blue" title="Respuesta guardada">
          <Text size="sm">Se corregirá cuando recuperes la conexión. Puedes seguir con el cuestionario.</Text>
        </Alert>
      )}
    </div>
  );
}
