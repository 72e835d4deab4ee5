import { Alert, Group, Loader, Text } from '@mantine/core';
import type { ResultRow } from '#contract/quiz';
import type { OutboxRow } from '#offline/outbox';
import { useCorrection } from '#features/quiz/hooks/use-correction.ts';
import classes from './quiz.module.css';

interface CorrectionStatusProps {
  result: ResultRow | undefined;
  row: OutboxRow | undefined;
  refreshResults: () => Promise<void>;
  onDone: () => void;
}

interface VerdictProps {
  color: 'teal' | 'red' | 'blue';
  verdict: string;
  /** What it means, in full: wide screens and screen readers. */
  detail: string;
  /** One line on a phone, in the button's place; the options already show which one was right. */
  short: string;
}

function Verdict({ color, verdict, detail, short }: VerdictProps) {
  return (
    <Alert color={color} py="xs">
      <Text size="sm" c={`${color}.9`}>
        <span className={classes.verdict}>{verdict}</span> <span className={classes.phoneHidden}>{detail}</span>
        <span className={classes.phoneOnly} aria-hidden="true">
          {short}
        </span>
      </Text>
    </Alert>
  );
}

/** Beside the confirmed answer's button (in its place on phones): correcting, right or wrong with its IMPs, or saved for later. */
export function CorrectionStatus(props: CorrectionStatusProps) {
  const phase = useCorrection(props);
  const { result } = props;
  return (
    <div role="status" aria-live="polite">
      {phase === 'checking' && (
        <Group gap="xs" justify="center" mih={42}>
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">Corrigiendo...</Text>
        </Group>
      )}
      {phase === 'corrected' && result && (result.correcta ? (
        <Verdict color="teal" verdict="¡Respuesta correcta!" detail={`Has ganado ${result.puntos} IMPs.`} short={`+${result.puntos} IMPs`} />
      ) : (
        <Verdict color="red" verdict="Respuesta incorrecta." detail={`La respuesta correcta era: ${result.respuesta_correcta}`} short="0 IMPs" />
      ))}
      {phase === 'saved' && (
        <Verdict color="blue" verdict="Respuesta guardada." detail="Se corregirá cuando recuperes la conexión. Puedes seguir con el cuestionario." short="Se corregirá con conexión." />
      )}
    </div>
  );
}
