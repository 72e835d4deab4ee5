import { Alert, Button, Text } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';
import { PageLoader } from '#components/page-loader';
import { useParticipation } from '#features/quiz/queries.ts';
import type { QuizProps } from '#features/quiz/types.ts';
import { QuizIntro } from '#features/quiz/components/quiz-intro.tsx';
import { QuizPage } from '#features/quiz/components/quiz-page.tsx';
import { QuizRunner } from '#features/quiz/components/quiz-runner.tsx';

/**
 * Spec 4 "Quiz flow": check for a participation; none → the intro with "Empezar Cuestionario";
 * one → resume at the next question, or its results once every answer is corrected.
 */
export function QuizScreen(props: QuizProps) {
  const { userId, attributeId, attributeName, quiz } = props;
  const participation = useParticipation(attributeId, quiz, userId);

  if (participation.data) return <QuizRunner {...props} participationId={participation.data.id_participacion} />;
  if (participation.data === null) return <QuizIntro {...props} />;
  return (
    <QuizPage quiz={quiz} attributeName={attributeName} title={`Demuestra tu conocimiento sobre el atributo ${attributeName}`}>
      {participation.isLoading ? (
        <PageLoader />
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
