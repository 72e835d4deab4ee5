import { Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { CoachingFilter, CoachingQuestion, CoachingQuestions } from '#contract/coaching';
import { formatNumber } from '#domain/format';
import { formatShare } from '#features/coaching/figures.ts';
import { useCoachingQuestions } from '#features/coaching/queries.ts';
import { DownloadButton } from './download-button.tsx';
import { SectionCard } from './section-card.tsx';
import { SectionState } from './section-state.tsx';
import classes from './coaching.module.css';

interface QuestionsSectionProps {
  userId: number;
  atributo: number;
  slug: string;
  filter: CoachingFilter;
}

/** Red from half wrong, orange from a quarter: what to re-explain first stands out. */
const colorOf = (rate: number) => (rate >= 0.5 ? 'red.7' : rate >= 0.25 ? 'orange.6' : 'teal.6');

/** «text», unless the option already opens with its own quotes. */
const quoted = (text: string) => (/^[«"“]/.test(text) ? text : `«${text}»`);

function QuestionRow({ question }: { question: CoachingQuestion }) {
  const share = formatShare(question.fallos, question.respuestas);
  return (
    <li className={classes.question}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">
          <Text span c="gray.7" fw={700}>
            P{question.posicion}.{' '}
          </Text>
          {question.texto}
        </Text>
        <Text fw={700} size="sm" style={{ flexShrink: 0 }}>
          {share}
        </Text>
      </Group>
      <Progress
        value={question.tasa_fallo * 100}
        color={colorOf(question.tasa_fallo)}
        size="md"
        mt={6}
        aria-label={`Fallos en la pregunta ${question.posicion}: ${share}`}
      />
      <Text size="xs" c="gray.7" mt={4}>
        {formatNumber(question.fallos)} de {formatNumber(question.respuestas)} respuestas fallaron
        {question.fallo_mas_elegido && (
          <>
            {' · '}la respuesta incorrecta más elegida: {quoted(question.fallo_mas_elegido.texto)} ({formatNumber(question.fallo_mas_elegido.veces)}{' '}
            {question.fallo_mas_elegido.veces === 1 ? 'vez' : 'veces'})
          </>
        )}
      </Text>
      <Text size="xs" c="gray.7">
        <Text span fw={700} c="gray.8">Retención en Repaso:</Text>{' '}
        {question.retencion === null || question.retencion === undefined
          ? 'nadie la ha repasado aún'
          : `${formatShare(question.repaso_aciertos, question.repaso_vistas)} (${formatNumber(question.repaso_aciertos)} de ${formatNumber(question.repaso_vistas)} la acertaron al volver a verla)`}
      </Text>
    </li>
  );
}

function Quizzes({ data }: { data: CoachingQuestions }) {
  if (data.quizzes.every((q) => q.preguntas.length === 0)) return <Text c="gray.7">Aún no hay respuestas en este ámbito.</Text>;
  return (
    <div className={classes.quizzes}>
      {data.quizzes.map(({ quiz, preguntas }) => (
        <Stack key={quiz} gap="sm" component="section" aria-labelledby={`seguimiento-quiz-${quiz}`}>
          <Title order={3} size="h5" id={`seguimiento-quiz-${quiz}`}>
            Quiz {quiz}
          </Title>
          {preguntas.length === 0 ? (
            <Text size="sm" c="gray.7">Sin respuestas todavía.</Text>
          ) : (
            <Stack component="ol" gap="md" className={classes.plainList}>
              {preguntas.map((q) => (
                <QuestionRow key={q.question_id} question={q} />
              ))}
            </Stack>
          )}
        </Stack>
      ))}
    </div>
  );
}

/** Each quiz's questions by share of wrong answers, with the wrong option chosen most: what to re-explain. */
export function QuestionsSection({ userId, atributo, slug, filter }: QuestionsSectionProps) {
  const questions = useCoachingQuestions(userId, atributo, filter);
  return (
    <SectionCard
      id="seguimiento-preguntas"
      title="Preguntas difíciles"
      description="Las preguntas de cada quiz ordenadas por porcentaje de fallos, con la respuesta incorrecta que más se elige."
      action={<DownloadButton of="de las preguntas difíciles" download={questions.data ? { table: 'preguntas', atributo, slug, filter } : null} />}
    >
      <SectionState query={questions} what="las preguntas" skeleton={[64, 64, 64]}>
        {(data) => <Quizzes data={data} />}
      </SectionState>
    </SectionCard>
  );
}
