import { memo } from 'react';
import { ActionIcon, Button, Card, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { QUIZ_MAX_OPTIONS, QUIZ_MIN_OPTIONS, QUIZ_TEXT_MAX } from '#contract/programme-quizzes-constants';
import { EXPLANATION_MAX } from '#contract/repaso-constants';
import { blankOption, fieldKey, type EditableQuestion } from './draft.ts';

/** The correct option's field: a green edge and tint, beside its checked Radio. */
const CORRECT_INPUT = { borderColor: 'var(--mantine-color-green-6)', borderWidth: 2, background: 'var(--mantine-color-green-light)' };

interface QuestionCardProps {
  question: EditableQuestion;
  /** From 1. */
  number: number;
  /** Agents have started the quiz: wording only (no correct option, no options added or removed). */
  locked: boolean;
  disabled: boolean;
  errors: ReadonlyMap<string, string>;
  onChange: (key: string, question: EditableQuestion) => void;
}

/** One question: its text, its options with a Radio for the correct one, add/remove while unlocked. */
export const QuestionCard = memo(function QuestionCard({ question, number, locked, disabled, errors, onChange }: QuestionCardProps) {
  const set = (change: Partial<EditableQuestion>) => onChange(question.key, { ...question, ...change });
  const correctKey = question.opciones.find((o) => o.correcta)?.key ?? null;
  const groupError = errors.get(fieldKey.options(number));

  return (
    <Card withBorder padding="sm" radius="md">
      <Stack gap="xs">
        <Textarea
          label={`Pregunta ${number}`}
          value={question.texto}
          onChange={(e) => set({ texto: e.currentTarget.value })}
          error={errors.get(fieldKey.text(number))}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={QUIZ_TEXT_MAX + 50}
          disabled={disabled}
        />
        <Radio.Group
          value={correctKey}
          onChange={(key) => set({ opciones: question.opciones.map((o) => ({ ...o, correcta: o.key === key })) })}
          label="Opciones (marca la correcta)"
          description={locked ? 'La correcta no se puede cambiar: el quiz ya lo han empezado agentes.' : undefined}
          error={groupError}
        >
          <Stack gap={6} mt={4}>
            {question.opciones.map((option, j) => (
              <Group key={option.key} gap="xs" wrap="nowrap" align="flex-start">
                <Radio
                  value={option.key}
                  aria-label={`Opción ${j + 1} de la pregunta ${number} es la correcta`}
                  disabled={disabled || locked}
                  mt={8}
                />
                <Textarea
                  aria-label={`Pregunta ${number}, opción ${j + 1}${option.correcta ? ' (la correcta)' : ''}`}
                  placeholder={`Opción ${j + 1}`}
                  value={option.texto}
                  onChange={(e) => set({ opciones: question.opciones.map((o) => (o.key === option.key ? { ...o, texto: e.currentTarget.value } : o)) })}
                  error={errors.get(fieldKey.option(number, j + 1))}
                  autosize
                  minRows={1}
                  maxRows={4}
                  maxLength={QUIZ_TEXT_MAX + 50}
                  disabled={disabled}
                  style={{ flex: 1, minWidth: 0 }}
                  styles={option.correcta ? { input: CORRECT_INPUT } : undefined}
                />
                {!locked && question.opciones.length > QUIZ_MIN_OPTIONS && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Quitar la opción ${j + 1} de la pregunta ${number}`}
                    onClick={() => set({ opciones: question.opciones.filter((o) => o.key !== option.key) })}
                    disabled={disabled}
                  >
                    <Text span fw={700} aria-hidden>
                      ×
                    </Text>
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        {!locked && question.opciones.length < QUIZ_MAX_OPTIONS && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => set({ opciones: [...question.opciones, blankOption()] })} disabled={disabled}>
              Añadir opción
            </Button>
          </Group>
        )}
        <Textarea
          label="Explicación (opcional)"
          description="Una línea que el agente lee en Repaso tras responder. No cambia ninguna puntuación."
          value={question.explicacion}
          onChange={(e) => set({ explicacion: e.currentTarget.value })}
          error={errors.get(fieldKey.explanation(number))}
          autosize
          minRows={1}
          maxRows={3}
          maxLength={EXPLANATION_MAX + 50}
          disabled={disabled}
        />
      </Stack>
    </Card>
  );
});
