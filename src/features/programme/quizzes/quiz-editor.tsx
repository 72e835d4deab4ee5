import { notify } from '#components/notify';
import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { QuizDetail } from '#contract/programme-quizzes';
import type { QuizProblem } from '#domain/programme-quizzes';
import { quizRefusal, saveQuiz } from '#api/programme-quizzes';
import { draftOf, editableOf, editorProblems, placeProblems, type EditableQuestion } from './draft.ts';
import { QuestionCard } from './question-card.tsx';

interface QuizEditorProps {
  detail: QuizDetail;
  online: boolean;
  onSaved: (detail: QuizDetail) => void;
}

const notifyDone = (message: string) => notify({ color: 'green', message });

/**
 * The quiz's questions on screen. Problems show next to their field once a save was tried
 * (the rules of #domain/programme-quizzes first, then whatever the server still refuses).
 * Mounted per quiz (key), so switching quiz starts from its saved copy.
 */
export function QuizEditor({ detail, online, onSaved }: QuizEditorProps) {
  const locked = detail.quiz.bloqueado;
  const [questions, setQuestions] = useState<EditableQuestion[]>(() => editableOf(detail));
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<QuizProblem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  // A newer copy of the quiz (a refresh, a save, an import) replaces the editor's copy unless the
  // admin has unsaved changes (adjusting state while rendering, as React recommends).
  const [basis, setBasis] = useState(detail);
  if (basis !== detail && !dirty && !saving) {
    setBasis(detail);
    setQuestions(editableOf(detail));
    setTried(false);
    setServerProblems(null);
  }

  const problems = useMemo(() => (tried ? editorProblems(questions, locked) : []), [tried, questions, locked]);
  const placed = useMemo(() => placeProblems(serverProblems ?? problems), [serverProblems, problems]);
  const onChange = useCallback((key: string, next: EditableQuestion) => {
    setQuestions((all) => all.map((q) => (q.key === key ? next : q)));
    setServerProblems(null);
    setDirty(true);
  }, []);

  const save = async () => {
    setTried(true);
    setFailure(null);
    setServerProblems(null);
    if (editorProblems(questions, locked).length > 0) {
      setFailure('El quiz no se guardó: revisa los campos marcados.');
      return;
    }
    setSaving(true);
    try {
      const saved = await saveQuiz(detail.quiz.atributo_id, detail.quiz.quizz, { preguntas: draftOf(questions) });
      setQuestions(editableOf(saved));
      setTried(false);
      setDirty(false);
      onSaved(saved);
      void notifyDone(`${saved.quiz.atributo}, Quiz ${saved.quiz.quizz}: guardado`);
    } catch (error) {
      const refusal = quizRefusal(error);
      setFailure(refusal.message);
      if (refusal.quizProblems.length > 0) setServerProblems(refusal.quizProblems);
    } finally {
      setSaving(false);
    }
  };

  const reset = () => {
    setQuestions(editableOf(detail));
    setTried(false);
    setServerProblems(null);
    setFailure(null);
    setDirty(false);
  };

  return (
    <Stack gap="sm">
      {questions.map((q, i) => (
        <QuestionCard key={q.key} question={q} number={i + 1} locked={locked} disabled={saving} errors={placed.fields} onChange={onChange} />
      ))}
      {(failure || placed.quiz.length > 0) && (
        <Alert color="red" role="alert" title={failure ?? 'Revisa el quiz'}>
          {placed.quiz.length > 0 && (
            <List size="sm">
              {placed.quiz.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs" wrap="nowrap" style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)', padding: 8, zIndex: 1 }}>
        {!online && (
          <Text size="xs" c="dimmed" style={{ flex: 1 }}>
            Necesitas conexión para guardar.
          </Text>
        )}
        <Button variant="default" onClick={reset} disabled={!dirty || saving}>
          Descartar
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={!online}>
          Guardar quiz
        </Button>
      </Group>
    </Stack>
  );
}
