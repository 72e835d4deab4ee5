import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '#api/http';
import { AlertIcon } from '#components/alert-icon';
import { paths } from '#domain/paths';
import { useAtomValue } from 'jotai';
import { isTimeFactor, QUESTIONS_PER_QUIZ, scaledBands, TIME_FACTOR_LABELS } from '#domain/scoring';
import { sessionAtom } from '#offline/session';
import { QUIZ_LOCKED_MESSAGE, quizVideo } from '#domain/training';
import { useVideos } from '#data/shared-reads';
import { startParticipation } from '#features/quiz/commands.ts';
import { QuizPage } from '#features/quiz/components/quiz-page.tsx';
import { CLOCK_KEEPS_RUNNING_RULE } from '#features/quiz/texts.ts';
import type { QuizProps } from '#features/quiz/types.ts';

/** Why the quiz cannot start yet, from the device's copy of the attribute's videos (the server decides anyway). */
function useStartBlock(userId: number, attributeId: number, quiz: 1 | 2): string | null {
  const videos = useVideos(attributeId, userId);
  if (!videos.data) return null;
  const video = quizVideo(videos.data, quiz);
  if (!video?.is_hable) return 'Este cuestionario todavía no está disponible.';
  return video.visto ? null : QUIZ_LOCKED_MESSAGE;
}

/** Spec 2: the rules of the quiz and "Empezar Cuestionario". Starting needs the network. */
export function QuizIntro({ userId, attributeId, slug, attributeName, quiz }: QuizProps) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blocked = useStartBlock(userId, attributeId, quiz);
  const granted = useAtomValue(sessionAtom).user?.factor_tiempo;
  const factor = isTimeFactor(granted) ? granted : 1;

  async function begin() {
    setStarting(true);
    setError(null);
    try {
      await startParticipation(userId, attributeId, quiz);
    } catch (caught) {
      setError(errorMessage(caught));
      setStarting(false);
    }
  }

  return (
    <QuizPage quiz={quiz} attributeName={attributeName} title={`Demuestra tu conocimiento sobre el atributo ${attributeName}`}>
      <Card component="section" aria-labelledby="reglas-quizz">
        <Stack gap="md">
          <Title order={2} size="h4" id="reglas-quizz">
            Antes de empezar
          </Title>
          <List spacing="xs">
            <List.Item>
              {QUESTIONS_PER_QUIZ} preguntas sobre los comportamientos de {attributeName}, cada una con una sola respuesta correcta.
            </List.Item>
            <List.Item>Cada pregunta tiene su propio cronómetro, que empieza al mostrarla: cuanto antes aciertes, más IMPs ganas.</List.Item>
            <List.Item>{CLOCK_KEEPS_RUNNING_RULE}</List.Item>
            {factor !== 1 && <List.Item>Tienes tiempo ampliado ({TIME_FACTOR_LABELS[factor]}): los tiempos de abajo ya lo incluyen.</List.Item>}
            <List.Item>Elige una respuesta y pulsa «Corregir y continuar». Verás la correcta y, a los 2 segundos, la siguiente pregunta.</List.Item>
            <List.Item>Tienes un único intento: cuenta la primera respuesta que confirmas.</List.Item>
            <List.Item>Si pierdes la conexión, sigue respondiendo: tus respuestas se guardan y se corrigen al recuperarla.</List.Item>
          </List>
          <div>
            <Text fw={600} size="sm" mb={6} id="puntos-por-tiempo">
              IMPs por respuesta correcta
            </Text>
            <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs" role="list" aria-labelledby="puntos-por-tiempo">
              {scaledBands(factor).map((band) => (
                <Group key={band.fromSeconds} role="listitem" gap={6} wrap="nowrap" justify="space-between" px="sm" py={6} bg="imps.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
                  <Text size="xs">{band.label}</Text>
                  <Text fw={800} size="lg" c="imps.8" style={{ whiteSpace: 'nowrap' }}>
                    {band.points}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          </div>
          {blocked ? (
            <Alert color="yellow" icon={<AlertIcon />} title="Todavía no puedes empezar">
              <Text size="sm">{blocked}</Text>
              <Button component={Link} to={paths.dashboard.getHref(slug)} size="xs" variant="default" mt="xs">
                Volver
              </Button>
            </Alert>
          ) : (
            <Group justify="flex-end">
              <Button size="md" loading={starting} onClick={() => void begin()}>
                Empezar Cuestionario
              </Button>
            </Group>
          )}
          {error && (
            <Alert color="red" role="alert" icon={<AlertIcon />} title="Error al iniciar el cuestionario.">
              <Text size="sm">{error}</Text>
            </Alert>
          )}
        </Stack>
      </Card>
    </QuizPage>
  );
}
