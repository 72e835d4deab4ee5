import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import type { QuizNumber } from '#domain/quiz';
import classes from './quiz.module.css';

interface QuizPageProps {
  quiz: QuizNumber;
  attributeName: string;
  title: string;
  /** A question on screen: on phones the title is left to screen readers, to give the question the room. */
  compact?: boolean;
  children: ReactNode;
}

/** Every quiz step's page: which quiz of which attribute, the step's title, then its content. */
export function QuizPage({ quiz, attributeName, title, compact = false, children }: QuizPageProps) {
  return (
    <div className={classes.page} data-compact={compact || undefined}>
      <div>
        <Text size="sm" fw={700} c="brand.7" tt="uppercase" lts="0.06em">
          Quizz {quiz} · {attributeName}
        </Text>
        <Title order={1} size="h2" className={compact ? classes.phoneHidden : undefined}>
          {title}
        </Title>
      </div>
      {children}
    </div>
  );
}
