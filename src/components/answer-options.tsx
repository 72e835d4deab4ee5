import { Group, Radio, Text } from '@mantine/core';
import type { AnswerOption } from '#contract/quiz';
import classes from './answer-options.module.css';

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

type Result = 'correct' | 'wrong';

function resultOf(id: number, correction: AnswerOptionsProps['correction']): Result | undefined {
  if (!correction) return undefined;
  if (id === correction.correctId) return 'correct';
  return id === correction.chosenId ? 'wrong' : undefined;
}

const SUFFIX = { correct: ' (respuesta correcta)', wrong: ' (tu respuesta, incorrecta)' } as const;

function ResultMark({ result }: { result: Result }) {
  return (
    <span className={classes.resultMark} data-result={result} aria-hidden="true">
      <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3.4" strokeLinecap="round" strokeLinejoin="round" focusable="false">
        {result === 'correct' ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M7 7l10 10M17 7L7 17" />}
      </svg>
    </span>
  );
}

/**
 * The question's options as radio cards; after the correction the right one turns green with a
 * tick, a wrong choice red with a cross. On phones the words saying so are left to screen
 * readers (the marks and the correction line say it), so an option does not grow a line.
 */
export function AnswerOptions({ options, value, onChange, locked, correction, labelledBy }: AnswerOptionsProps) {
  return (
    <Radio.Group value={value} onChange={onChange} aria-labelledby={labelledBy}>
      <div className={classes.options}>
        {options.map((option) => {
          const result = resultOf(option.id_respuesta, correction);
          return (
            <Radio.Card key={option.id_respuesta} value={String(option.id_respuesta)} className={classes.option} data-result={result} disabled={locked}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                {result ? <ResultMark result={result} /> : <Radio.Indicator mt={2} />}
                <Text className={classes.optionText}>
                  {option.texto_respuesta}
                  {result && (
                    <Text component="span" fw={700} c={result === 'correct' ? 'teal.9' : 'red.9'} className={classes.phoneHidden}>
                      {SUFFIX[result]}
                    </Text>
                  )}
                </Text>
              </Group>
            </Radio.Card>
          );
        })}
      </div>
    </Radio.Group>
  );
}
