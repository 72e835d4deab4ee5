import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { QuizNumber } from '#domain/quiz';

interface QuizPageProps {
  quiz: QuizNumber;
  attributeName: string;
  title: string;
  children: ReactNode;
}

/** Every quiz step's page: which quiz of which attribute, the step's title, then its content. */
export function QuizPage({ quiz, attributeName, title, children }: QuizPageProps) {
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <div>
        <Text size="sm" fw={700} c="brand.7" tt="uppercase" lts="0.06em">
          Quizz {quiz} · {attributeName}
        </Text>
        <Title order={1} size="h2">
          {title}
        </Title>
      </div>
      {children}
    </Stack>
  );
}
