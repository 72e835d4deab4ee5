import { Paper, SimpleGrid, Text } from '@mantine/core';
import { REFACE_POINTS, VIDEO_POINTS } from '#domain/points';
import { MAX_POINTS_PER_ANSWER, MAX_QUIZ_POINTS, QUESTIONS_PER_QUIZ } from '#domain/scoring';
import { RulesCard } from '#features/rules/components/rules-card.tsx';

const WAYS = [
  {
    amount: `+${VIDEO_POINTS}`,
    title: 'Por cada vídeo',
    text: 'Cuando ves un vídeo del atributo hasta el final. Cada vídeo suma una sola vez, aunque lo vuelvas a ver.',
  },
  {
    amount: `+${REFACE_POINTS}`,
    title: 'Por tu Reface',
    text: 'La primera vez que creas con IA tu imagen de cada atributo. Repetir el Reface cambia la imagen, pero no vuelve a sumar.',
  },
  {
    amount: `hasta ${MAX_QUIZ_POINTS}`,
    title: 'Por cada quizz',
    text: `${QUESTIONS_PER_QUIZ} preguntas con hasta ${MAX_POINTS_PER_ANSWER} puntos por acierto, según lo rápido que respondas.`,
  },
];

/** How IMPs are earned: videos, reface and quizzes. */
export function EarnPoints() {
  return (
    <RulesCard id="como-ganar" title="Cómo ganar IMPs">
      <Text>Cada atributo te da tres formas de sumar puntos:</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {WAYS.map((way) => (
          <Paper key={way.title} p="md" radius="md" bg="imps.0" withBorder>
            <Text fw={800} fz={28} c="imps.9" lh={1.1}>
              {way.amount} <Text component="span" fz="sm" fw={700}>IMPs</Text>
            </Text>
            <Text fw={700} mt={6}>
              {way.title}
            </Text>
            <Text size="sm" mt={4}>
              {way.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </RulesCard>
  );
}
