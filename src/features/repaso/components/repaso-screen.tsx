import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { RepasoQuestion } from '#contract/repaso';
import { paths } from '#domain/paths';
import { AnswerOptions } from '#components/answer-options';
import { NoticeScreen } from '#components/notice-screen';
import { QueryFallback } from '#components/offline-state';
import { RouteTitleText } from '#components/route-title';
import { unansweredOnDevice, useRepasoRound } from '#data/repaso';
import { queueRepasoAnswer } from '#features/repaso/commands.ts';
import classes from './repaso.module.css';

interface Feedback {
  chosenId: number;
  correct: boolean;
}

/**
 * /repaso: the due round, one question at a time, untimed. The round comes from the device
 * (the cached read) and each answer is queued, so it works offline; right or wrong shows at once
 * (the round carries the correct option and the explanation). The questions are fixed when the
 * screen opens: the server's next round, arriving after the answers are sent, waits for the next visit.
 */
export function RepasoScreen({ userId, lookingOnly }: { userId: number; lookingOnly: boolean }) {
  const round = useRepasoRound(userId);
  const [questions, setQuestions] = useState<RepasoQuestion[] | null>(null);
  const [index, setIndex] = useState(0);
  const [right, setRight] = useState(0);
  const unanswered = unansweredOnDevice(round.data);

  useEffect(() => {
    if (!round.data) return;
    // Fixed once there is something to do; an empty copy may still be replaced by a fuller round.
    if (questions === null || (questions.length === 0 && unanswered.length > 0)) setQuestions(unanswered);
  }, [round.data, questions, unanswered]);

  if (!round.data || questions === null) {
    if (round.status === 'loading' || round.status === 'idle' || round.data) return <RepasoSkeleton />;
    return (
      <div className={classes.page}>
        <Title order={1}>
          <RouteTitleText />
        </Title>
        <QueryFallback query={round} offline="Abre el Repaso con conexión una vez para repasar sin conexión." errorTitle="No se pudo cargar el Repaso" />
      </div>
    );
  }

  if (questions.length === 0) {
    return (
      <NoticeScreen
        title="No tienes nada que repasar"
        icon={<path d="M5 12.5l4.5 4.5L19 7.5" />}
        iconColor="teal"
        action={<Button component={Link} to={paths.home.getHref()} variant="light">Volver al inicio</Button>}
      >
        Cuando falles una pregunta de un cuestionario, o la aciertes con el tiempo justo, volverá aquí al día siguiente para repasarla.
      </NoticeScreen>
    );
  }

  if (index >= questions.length) {
    return (
      <NoticeScreen
        title="Repaso terminado"
        icon={<path d="M5 12.5l4.5 4.5L19 7.5" />}
        iconColor="teal"
        action={<Button component={Link} to={paths.home.getHref()}>Volver al inicio</Button>}
      >
        {`Has acertado ${right} de ${questions.length}. Las preguntas volverán más adelante, cada vez más espaciadas, hasta que no se te olviden.`}
      </NoticeScreen>
    );
  }

  const question = questions[index]!;
  return (
    <div className={classes.page}>
      <Stack gap={4}>
        <Title order={1}>
          <RouteTitleText />
        </Title>
        <Text c="gray.7">Sin tiempo y sin IMPs: solo para que no se te olvide.</Text>
      </Stack>
      {lookingOnly && (
        <Alert color="blue" py="xs">
          Navegación simulada: ves el Repaso del agente, pero no puedes responder por él.
        </Alert>
      )}
      <RepasoCard
        key={question.id_pregunta}
        question={question}
        position={index + 1}
        total={questions.length}
        lookingOnly={lookingOnly}
        onAnswered={(correct) => correct && setRight((n) => n + 1)}
        onNext={() => setIndex((i) => i + 1)}
        last={index + 1 === questions.length}
        userId={userId}
      />
    </div>
  );
}

interface RepasoCardProps {
  question: RepasoQuestion;
  position: number;
  total: number;
  lookingOnly: boolean;
  last: boolean;
  userId: number;
  onAnswered: (correct: boolean) => void;
  onNext: () => void;
}

function RepasoCard({ question, position, total, lookingOnly, last, userId, onAnswered, onNext }: RepasoCardProps) {
  const titleId = useId();
  const [value, setValue] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const correctText = question.respuestas.find((r) => r.id_respuesta === question.id_respuesta_correcta)?.texto_respuesta ?? '';

  async function check() {
    if (value === null) return;
    const chosenId = Number(value);
    setSaving(true);
    setError(null);
    try {
      await queueRepasoAnswer(userId, question, chosenId);
      const correct = chosenId === question.id_respuesta_correcta;
      setFeedback({ chosenId, correct });
      onAnswered(correct);
    } catch {
      setError('No se pudo guardar la respuesta en este dispositivo. Inténtalo de nuevo.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} c="gray.7">{`Pregunta ${position} de ${total}`}</Text>
          <Badge variant="light" color="gray">{`${question.atributo} · Quiz ${question.quizz}`}</Badge>
        </Group>
        <Title order={2} size="h4" id={titleId}>{question.pregunta}</Title>
        <AnswerOptions
          options={question.respuestas}
          value={value}
          onChange={setValue}
          locked={feedback !== null || lookingOnly}
          correction={feedback ? { correctId: question.id_respuesta_correcta, chosenId: feedback.chosenId } : null}
          labelledBy={titleId}
        />
        <div role="status" aria-live="polite">
          {feedback && (
            <Alert color={feedback.correct ? 'teal' : 'red'} py="xs" title={feedback.correct ? '¡Correcto!' : 'No es correcta'}>
              <Stack gap={4}>
                {!feedback.correct && <Text size="sm">{`La respuesta correcta es: ${correctText}`}</Text>}
                {question.explicacion && <Text size="sm">{question.explicacion}</Text>}
                <Text size="sm" c="gray.7">{feedback.correct ? 'Volverá más adelante, para que no se te olvide.' : 'Volverá mañana para repasarla otra vez.'}</Text>
              </Stack>
            </Alert>
          )}
        </div>
        {error && <Alert color="red" py="xs">{error}</Alert>}
        <Group justify="flex-end">
          {feedback ? (
            <Button onClick={onNext}>{last ? 'Terminar' : 'Siguiente'}</Button>
          ) : (
            <Button onClick={() => void check()} disabled={value === null || lookingOnly} loading={saving}>Comprobar</Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function RepasoSkeleton() {
  return (
    <div className={classes.page} aria-busy="true">
      <Title order={1}>
        <RouteTitleText />
      </Title>
      <Skeleton height={320} radius="lg" />
    </div>
  );
}
