import { List, Text, Title } from '@mantine/core';
import { QUESTIONS_PER_QUIZ } from '#domain/scoring';
import { PointsTable } from '#features/rules/components/points-table.tsx';
import { RulesCard } from '#features/rules/components/rules-card.tsx';

/** How quizzes work, with the points-by-time table. */
export function QuizRules() {
  return (
    <RulesCard id="quizzes" title="Cómo funcionan los quizzes">
      <List spacing="xs">
        <List.Item>
          Cada atributo tiene dos quizzes: el Quizz 1 se abre al empezar el mes, con el vídeo de presentación, y el Quizz 2 a mitad de mes, con el
          contenido formativo.
        </List.Item>
        <List.Item>Para empezar un quizz tienes que haber visto completo su vídeo de formación.</List.Item>
        <List.Item>
          Cada quizz tiene {QUESTIONS_PER_QUIZ} preguntas y un único intento: la primera respuesta que confirmas es la que cuenta.
        </List.Item>
        <List.Item>
          Cada pregunta tiene su propio cronómetro, que arranca de cero al mostrarla. Elige tu respuesta y pulsa «Corregir y continuar»: verás la
          correcta y, a los dos segundos, la siguiente pregunta.
        </List.Item>
        <List.Item>
          Si te quedas sin conexión a mitad de quizz, tus respuestas se guardan en el dispositivo con su tiempo y se corrigen en cuanto vuelvas a
          tener red.
        </List.Item>
        <List.Item>Un quizz sin terminar sigue disponible: puedes retomarlo en la pregunta donde lo dejaste.</List.Item>
      </List>
      <Title order={3} size="h5" mt="sm" id="puntos-tiempo">
        Puntos por tiempo de respuesta
      </Title>
      <Text size="sm" c="dimmed">
        Cuenta cada segundo completo: 19,9 segundos todavía son menos de 20.
      </Text>
      <PointsTable />
    </RulesCard>
  );
}
