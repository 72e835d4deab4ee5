import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { waitingCorrectionsText } from '#features/quiz/texts.ts';

interface QuizWaitingProps {
  uncorrected: number;
  onRetry: () => void;
}

/** Every question answered, some corrections still to come (answered offline). */
export function QuizWaiting({ uncorrected, onRetry }: QuizWaitingProps) {
  return (
    <Card component="section" aria-labelledby="quiz-esperando">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="quiz-esperando">
          ¡Has respondido todas las preguntas!
        </Title>
        <Text role="status">
          {waitingCorrectionsText(uncorrected)}
        </Text>
        <Button variant="default" onClick={onRetry}>
          Comprobar ahora
        </Button>
      </Stack>
    </Card>
  );
}
