import { Group, Radio, Stack, Text } from '@mantine/core';
import type { AnswerOption } from '#contract/quiz';
import classes from './quiz.module.css';

interface AnswerOptionsProps {
  options: AnswerOption[];
  /** The chosen option's id as a string (Radio.Group's value), or null. */
  value: string | null;
  onChange: (value: string) => void;
  /** After confirming: nothing can be chosen any more. */
  locked: boolean;
  /** The correction, once known: the correct option and the one chosen. */
  correction: { correctId: number; chosenId: number } | null;
  labelledBy: string;
}

function resultOf(id: number, correction: AnswerOptionsProps['correction']): 'correct' | 'wrong' | undefined {
  if (!correction) return undefined;
  if (id === correction.correctId) return 'correct';
  return id === correction.chosenId ? 'wrong' : undefined;
}

const SUFFIX = { correct: ' (respuesta correcta)', wrong: ' (tu respuesta, incorrecta)' } as const;

/** The question's options as radio cards; after the correction the right one turns green, a wrong choice red. */
export function AnswerOptions({ options, value, onChange, locked, correction, labelledBy }: AnswerOptionsProps) {
  return (
    <Radio.Group value={value} onChange={onChange} aria-labelledby={labelledBy}>
      <Stack gap="sm">
        {options.map((option) => {
          const result = resultOf(option.id_respuesta, correction);
          return (
            <Radio.Card key={option.id_respuesta} value={String(option.id_respuesta)} className={classes.option} data-result={result} disabled={locked}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator color={result === 'wrong' ? 'red.7' : result === 'correct' ? 'teal.7' : undefined} mt={2} />
                <Text size="md" lh={1.45}>
                  {option.texto_respuesta}
                  {result && (
                    <Text component="span" fw={700} c={result === 'correct' ? 'teal.9' : 'red.9'}>
                      {SUFFIX[result]}
                    </Text>
                  )}
                </Text>
              </Group>
            </Radio.Card>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
