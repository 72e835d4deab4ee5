import { Alert, Button, Text } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';
import { AttributeNotOpen } from '#components/attribute-not-open';
import { OfflineState } from '#components/offline-state';
import { PageLoader } from '#components/page-loader';
import { currentAttribute } from '#domain/calendar';
import { paths } from '#domain/paths';
import { useAttributeOpen, useParticipation } from '#data/shared-reads';
import type { QuizProps } from '#features/quiz/types.ts';
import { QuizIntro } from '#features/quiz/components/quiz-intro.tsx';
import { QuizPage } from '#features/quiz/components/quiz-page.tsx';
import { QuizRunner } from '#features/quiz/components/quiz-runner.tsx';

/** Whether the attribute is open (#data/shared-reads), and the attribute open now. */
function useQuizAttribute(userId: number, attributeId: number) {
  const { open, calendar } = useAttributeOpen(userId, attributeId);
  return { open, current: calendar.data ? currentAttribute(calendar.data, new Date()) : null };
}

/**
 * Spec 4 "Quiz flow": check for a participation; none → the intro with "Empezar Cuestionario";
 * one → resume at the next question, or its results once every answer is corrected. An attribute
 * whose month has not opened has no quiz: it says so, with a way to the open attribute.
 */
export function QuizScreen(props: QuizProps) {
  const { userId, attributeId, attributeName, quiz } = props;
  const { open, current } = useQuizAttribute(userId, attributeId);
  const participation = useParticipation(attributeId, quiz, open ? userId : null);

  if (open === false) {
    const back = current ? { to: paths.dashboard.getHref(current.slug), label: `Ir a ${current.nombre}` } : undefined;
    return <AttributeNotOpen attributeName={attributeName} back={back} />;
  }
  if (participation.data) return <QuizRunner {...props} participationId={participation.data.id_participacion} />;
  if (participation.data === null) return <QuizIntro {...props} />;
  return (
    <QuizPage quiz={quiz} attributeName={attributeName} title={`Demuestra tu conocimiento sobre el atributo ${attributeName}`}>
      {open === null || participation.isLoading ? (
        <PageLoader />
      ) : participation.status === 'offline' ? (
        <OfflineState onRetry={() => void participation.revalidate()}>Abre este cuestionario con conexión una vez para hacerlo sin conexión.</OfflineState>
      ) : (
        <Alert color="red" role="alert" icon={<AlertIcon />} title="Error al iniciar el cuestionario.">
          <Text size="sm">{participation.error}</Text>
          <Button size="xs" variant="default" mt="xs" onClick={() => void participation.revalidate()}>
            Reintentar
          </Button>
        </Alert>
      )}
    </QuizPage>
  );
}
