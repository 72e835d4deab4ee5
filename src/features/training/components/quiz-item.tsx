import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Text, ThemeIcon } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { paths } from '#domain/paths';
import { takesPart } from '#domain/profiles';
import { MAX_QUIZ_POINTS, QUESTIONS_PER_QUIZ } from '#domain/scoring';
import type { QuizButtonState } from '#domain/training';
import { onDemand } from '#components/on-demand';
import { sessionAtom } from '#offline/session';
import { ModuleIcon } from '#features/training/components/module-icon.tsx';
import classes from './module-row.module.css';

// Its Modal (focus trap, scroll lock) loads the first time a locked quiz is tapped.
const QuizLockedModal = onDemand(() => import('#features/training/components/quiz-locked-modal.tsx').then((m) => m.QuizLockedModal));

interface QuizItemProps {
  slug: string;
  quiz: 1 | 2;
  state: QuizButtonState;
}

/**
 * "Resolver quizz N" with its spec 4 button: disabled, locked behind its video, or a link.
 * Staff signed in as themselves never take a quiz (takesPart; the server refuses them): they
 * read what it is, with no button and no "complete the video first" they could never act on.
 */
export function QuizItem({ slug, quiz, state }: QuizItemProps) {
  const [lockedOpen, setLockedOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const earner = takesPart(useAtomValue(sessionAtom).user);
  if (lockedOpen && !asked) setAsked(true);
  const titleId = `quizz-${quiz}`;
  const done = earner && state.kind === 'link' && state.label === 'Completado';

  return (
    <li className={classes.row} data-done={done || undefined} data-soon={state.kind === 'disabled' || undefined}>
      <ThemeIcon
        size={40}
        radius="xl"
        variant={done ? 'filled' : 'light'}
        color={done ? 'teal.8' : state.kind === 'disabled' ? 'gray' : 'imps'}
        c={done ? undefined : state.kind === 'disabled' ? 'gray.7' : 'imps.8'}
      >
        <ModuleIcon name={done ? 'check' : 'quiz'} />
      </ThemeIcon>
      <div className={classes.body}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts="0.04em">
          {QUESTIONS_PER_QUIZ} preguntas · hasta {MAX_QUIZ_POINTS} IMPs
        </Text>
        <Text fw={600} id={titleId}>
          Resolver quizz {quiz}
        </Text>
      </div>
      {!earner ? (
        <Text size="sm" c="dimmed" fw={600} className={classes.note}>
          {state.kind === 'disabled' ? state.label : 'Lo resuelven los agentes'}
        </Text>
      ) : state.kind === 'link' ? (
        <Button className={classes.action} component={Link} to={paths.quiz.getHref(slug, quiz)} variant={done ? 'default' : 'filled'} aria-describedby={titleId}>
          {state.label}
        </Button>
      ) : (
        <Button
          className={classes.action}
          variant={state.kind === 'locked' ? 'light' : 'default'}
          disabled={state.kind === 'disabled'}
          aria-describedby={titleId}
          onClick={() => setLockedOpen(true)}
        >
          {state.label}
        </Button>
      )}
      {state.kind === 'locked' && asked && (
        <Suspense fallback={null}>
          <QuizLockedModal quiz={quiz} message={state.message} opened={lockedOpen} onClose={() => setLockedOpen(false)} />
        </Suspense>
      )}
    </li>
  );
}
