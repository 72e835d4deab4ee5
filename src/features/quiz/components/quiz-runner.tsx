import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import type { Question } from '#contract/quiz';
import { AlertIcon } from '#components/alert-icon';
import { OfflineState } from '#components/offline-state';
import { PageLoader } from '#components/page-loader';
import { quizStep } from '#domain/quiz-flow';
import { isTimeFactor } from '#domain/scoring';
import { forgetRefusedAnswer, queueAnswer } from '#features/quiz/commands.ts';
import { useLocalAnswers, useQuestionBundle, useQuizResults } from '#features/quiz/queries.ts';
import { savedAnswersLine } from '#features/quiz/texts.ts';
import type { QuizProps } from '#features/quiz/types.ts';
import { CorrectionStatus } from '#features/quiz/components/correction-status.tsx';
import { QuestionCard } from '#features/quiz/components/question-card.tsx';
import { QuizPage } from '#features/quiz/components/quiz-page.tsx';
import { QuizResults } from '#features/quiz/components/quiz-results.tsx';
import { QuizWaiting } from '#features/quiz/components/quiz-waiting.tsx';
import classes from './quiz.module.css';

interface Submitted {
  question: Question;
  optionId: number;
}

function ErrorAlert({ title, message, onRetry }: { title: string; message: string | null; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" icon={<AlertIcon />} title={title}>
      {message && <Text size="sm">{message}</Text>}
      <Button size="xs" variant="default" mt="xs" onClick={onRetry}>
        Reintentar
      </Button>
    </Alert>
  );
}

/**
 * A started quiz: the next question (from the bundle cached on the device, so it works
 * offline), the 2 s correction after each answer, then the results once all are corrected.
 */
export function QuizRunner({ participationId, ...quiz }: QuizProps & { participationId: number }) {
  const { userId, attributeId, attributeName, slug } = quiz;
  const bundle = useQuestionBundle(participationId, userId);
  const results = useQuizResults(participationId, userId);
  const local = useLocalAnswers(participationId, userId);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const finishCorrection = useCallback(() => setSubmitted(null), []);
  const refreshResults = results.revalidate;
  const title = `Demuestra tu conocimiento sobre el atributo ${attributeName}`;
  const page = (heading: string, content: ReactNode, compact = false) => (
    <QuizPage quiz={quiz.quiz} attributeName={attributeName} title={heading} compact={compact}>
      {content}
    </QuizPage>
  );

  if (bundle.data === undefined || local === undefined) {
    if (bundle.status === 'offline') {
      return page(title, <OfflineState onRetry={() => void bundle.revalidate()}>Abre este cuestionario con conexión una vez para hacerlo sin conexión.</OfflineState>);
    }
    if (bundle.data === undefined && !bundle.isLoading) {
      return page(title, <ErrorAlert title="Error al cargar la pregunta." message={bundle.error} onRetry={() => void bundle.revalidate()} />);
    }
    return page(title, <PageLoader />);
  }

  const corrections = results.data?.resultados ?? [];
  const corrected = new Set(corrections.map((r) => r.id_pregunta));
  const total = bundle.data.estado.preguntas_totales;
  const factor = isTimeFactor(bundle.data.factor_tiempo) ? bundle.data.factor_tiempo : 1;
  const step = quizStep({ total, questions: bundle.data.preguntas, corrected, local: local.answers });
  const waitingOnDevice = [...local.answers.values()].filter((a) => a.status === 'queued' && !corrected.has(a.questionId)).length;

  async function confirm(question: Question, optionId: number, shownAt: number) {
    setSendError(null);
    setSubmitted({ question, optionId });
    try {
      await queueAnswer({
        userId, attributeId, attributeName, quiz: quiz.quiz, participationId, question, optionId, shownAt,
        completes: corrected.size + waitingOnDevice + 1 >= total,
      });
    } catch {
      setSubmitted(null);
      setSendError('Error al enviar la respuesta.');
    }
  }

  if (submitted) {
    const result = corrections.find((r) => r.id_pregunta === submitted.question.id);
    return page(title, (
      <QuestionCard
        key={submitted.question.id}
        participationId={participationId}
        question={submitted.question}
        total={total}
        review={{ optionId: submitted.optionId, correctId: result?.id_respuesta_correcta ?? null }}
        onConfirm={() => undefined}
      >
        <CorrectionStatus result={result} row={local.rows.get(submitted.question.id)} refreshResults={refreshResults} onDone={finishCorrection} />
      </QuestionCard>
    ), true);
  }

  if (step.kind === 'results') {
    if (results.data) return page('Tus resultados', <QuizResults results={results.data} slug={slug} />);
    if (results.status === 'offline') {
      return page('Tus resultados', <OfflineState onRetry={() => void results.revalidate()}>Tus respuestas están en el servidor; los resultados necesitan conexión.</OfflineState>);
    }
    return page('Tus resultados', <ErrorAlert title="Error al cargar los resultados." message={results.error} onRetry={() => void results.revalidate()} />);
  }

  if (step.kind === 'waiting') {
    return page(title, <QuizWaiting uncorrected={step.uncorrected} onRetry={() => void Promise.all([results.revalidate(), bundle.revalidate()])} />);
  }

  const { question, refusal } = step;
  return page(title, (
    <>
      {waitingOnDevice > 0 && (
        // On phones the header's sync line already counts them: the room goes to the question.
        <Text size="sm" role="status" className={classes.phoneHidden}>
          {savedAnswersLine(waitingOnDevice)}
        </Text>
      )}
      {(refusal !== null || sendError) && (
        <Alert color="red" role="alert" icon={<AlertIcon />} title="Error al enviar la respuesta.">
          {refusal && <Text size="sm">{refusal}</Text>}
          {refusal !== null && (
            <Button size="xs" variant="default" mt="xs" onClick={() => void forgetRefusedAnswer(userId, participationId, question.id)}>
              Responder de nuevo
            </Button>
          )}
        </Alert>
      )}
      {refusal === null && (
        <QuestionCard key={question.id} participationId={participationId} question={question} total={total} factor={factor} review={null} onConfirm={(optionId, shownAt) => void confirm(question, optionId, shownAt)} />
      )}
    </>
  ), refusal === null);
}
