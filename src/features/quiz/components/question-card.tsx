import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Group, Progress, Text, Title } from '@mantine/core';
import type { Question } from '#contract/quiz';
import { answerPoints } from '#domain/quiz';
import { formatTimer } from '#domain/quiz-flow';
import { bandAt, type TimeFactor } from '#domain/scoring';
import { useBusyWhileMounted } from '#offline/use-busy';
import { useQuestionTimer } from '#features/quiz/hooks/use-question-timer.ts';
import { AnswerOptions } from '#components/answer-options';
import { ClockAwayNotice } from '#features/quiz/components/clock-away-notice.tsx';
import classes from './quiz.module.css';

function ClockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </svg>
  );
}

/** The timer while the device reads back when the question was first shown (after a reload). */
const UNKNOWN_TIME = '--:--';

interface QuestionCardProps {
  participationId: number;
  question: Question;
  total: number;
  /** Set once "Corregir y continuar" was pressed: the chosen option, and the correction when known. */
  review: { optionId: number; correctId: number | null } | null;
  onConfirm: (optionId: number, shownAt: number) => void;
  /** The agent's time accommodation: the points and limits shown are the agent's own bands. */
  factor?: TimeFactor;
  /** The correction's status line, beside the button (in its place on phones). */
  children?: ReactNode;
}

/**
 * One question with its own timer (counting from when it was first shown on this device) and
 * "Corregir y continuar", inert until an option is chosen and while the answer is being corrected.
 */
export function QuestionCard({ participationId, question, total, review, onConfirm, factor = 1, children }: QuestionCardProps) {
  const [selected, setSelected] = useState<string | null>(null);
  // The clock runs: no reload, and the app's own notices wait (#offline/busy).
  useBusyWhileMounted('quiz');
  const { shownAt, elapsedMs } = useQuestionTimer(participationId, question.id, review === null);
  const time = elapsedMs === null ? null : formatTimer(elapsedMs);
  // The agent's own band now and until when it lasts (scaled for an accommodated agent).
  const band = bandAt((elapsedMs ?? 0) / 1000, factor);
  const limit = band?.toSeconds == null ? null : formatTimer((band.toSeconds + 1) * 1000);
  const points = answerPoints(elapsedMs ?? 0, true, factor);
  const nowLine = `${points} IMPs${limit ? ` hasta ${limit}` : ''}`;
  const titleId = `pregunta-${question.id}`;
  const value = review ? String(review.optionId) : selected;

  function confirm() {
    if (review || selected === null || shownAt === null) return;
    onConfirm(Number(selected), shownAt);
  }

  return (
    <Card component="section" aria-labelledby={titleId} p={{ base: 0, sm: 'lg' }} className={classes.questionCard}>
      <div className={classes.question}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={700} size="sm" c="dimmed">
            Pregunta {question.numero} de {total}
          </Text>
          <Group gap={8} wrap="nowrap">
            {review === null && (
              // Kept in place (hidden) until the time is known, so the timer beside it does not move.
              <Text size="xs" c="dimmed" visibleFrom="xs" data-testid="band-now" style={time === null ? { visibility: 'hidden' } : undefined}>
                Si aciertas ahora: {nowLine}
              </Text>
            )}
            <Badge size="lg" variant="light" color="brand" className={classes.timer} leftSection={<ClockIcon />} role="timer" aria-label={`Tiempo de la pregunta: ${time ?? 'calculando'}`}>
              {time ?? UNKNOWN_TIME}
            </Badge>
          </Group>
        </Group>
        {review === null && (
          // Phones have no room beside the timer: the same line under it, small.
          <Text size="xs" c="dimmed" hiddenFrom="xs" ta="right" mt={-6} data-testid="band-now-phone" style={time === null ? { visibility: 'hidden' } : undefined}>
            Si aciertas ahora: {nowLine}
          </Text>
        )}
        <Progress value={((question.numero - 1) / Math.max(1, total)) * 100} size="sm" aria-hidden="true" className={classes.progress} />
        <Title order={2} size="h3" id={titleId} className={classes.questionTitle}>
          {question.pregunta}
        </Title>
        <AnswerOptions
          options={question.respuestas}
          value={value}
          onChange={setSelected}
          locked={review !== null}
          correction={review && review.correctId !== null ? { correctId: review.correctId, chosenId: review.optionId } : null}
          labelledBy={titleId}
        />
        <div className={classes.actions} data-review={review !== null || undefined}>
          <div className={classes.actionStatus}>{children}</div>
          <Button size="md" className={classes.confirm} disabled={review !== null || selected === null || shownAt === null} onClick={confirm}>
            Corregir y continuar
          </Button>
        </div>
        <ClockAwayNotice shownAt={shownAt} running={review === null} />
      </div>
    </Card>
  );
}
