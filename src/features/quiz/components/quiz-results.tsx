import { Link } from 'react-router-dom';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { QuizResults as Results } from '#contract/quiz';
import { paths } from '#domain/paths';
import { MAX_QUIZ_POINTS } from '#domain/scoring';
import classes from './quiz.module.css';

/** Spec 2: each question, the user's answer, the correct one and the points; "Volver" to the dashboard. */
export function QuizResults({ results, slug }: { results: Results; slug: string }) {
  const { estado } = results;
  return (
    <Stack gap="md">
      <Card component="section" aria-labelledby="quiz-resumen" bg="imps.0">
        <Title order={2} size="h4" id="quiz-resumen">
          Has conseguido {results.puntos_totales} IMPs
        </Title>
        <Text size="sm">
          {estado.numero_aciertos === 1 ? '1 acierto' : `${estado.numero_aciertos} aciertos`} de {estado.preguntas_totales} · máximo {MAX_QUIZ_POINTS} IMPs
        </Text>
      </Card>
      <Card component="section" aria-label="Tus respuestas" p={0}>
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {results.resultados.map((row) => (
            <li key={row.id_pregunta} className={classes.resultRow}>
              <Stack gap={6} p="md">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600}>
                    {row.numero}. {row.pregunta}
                  </Text>
                  <Badge color={row.correcta ? 'teal.8' : 'gray.7'} variant="filled" size="lg" tt="none" style={{ flexShrink: 0 }}>
                    +{row.puntos} IMPs
                  </Badge>
                </Group>
                <Text size="sm" c={row.correcta ? 'teal.9' : 'red.9'}>
                  <strong>Tu respuesta:</strong> {row.respuesta_usuario} {row.correcta ? '✓' : '✗'}
                </Text>
                {!row.correcta && (
                  <Text size="sm">
                    <strong>Respuesta correcta:</strong> {row.respuesta_correcta}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {row.segundos} s
                </Text>
              </Stack>
            </li>
          ))}
        </ol>
      </Card>
      <Group justify="flex-end">
        <Button component={Link} to={paths.dashboard.getHref(slug)} size="md">
          Volver
        </Button>
      </Group>
    </Stack>
  );
}
