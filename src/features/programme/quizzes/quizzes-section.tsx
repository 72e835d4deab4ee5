import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { QuizDetail, QuizSummary } from '#contract/programme-quizzes';
import { quizStatus, quizStatusLabel } from '#domain/programme-quizzes';
import { sessionAtom } from '#offline/session';
import { LoadError } from '#components/load-error';
import { PageLoader } from '#components/page-loader';
import { QuizEditor } from './quiz-editor.tsx';
import { useQuizDetail, useQuizList } from './queries.ts';
import { SheetActions } from './sheet-actions.tsx';

const STATUS_COLOR = { completo: 'green', incompleto: 'gray', bloqueado: 'orange' } as const;
const count = (n: number) => n.toLocaleString('es-ES');

function StatusLine({ quiz }: { quiz: QuizSummary }) {
  return (
    <Alert color={STATUS_COLOR[quizStatus(quiz)]} variant="light" role="status" title={quizStatusLabel(quiz)} p="sm">
      <Text size="sm">
        {quiz.preguntas} de 10 preguntas · {count(quiz.participaciones)} {quiz.participaciones === 1 ? 'participación' : 'participaciones'} · {count(quiz.respuestas)} respuestas
      </Text>
    </Alert>
  );
}

/** Programa › Quizzes: choose an attribute and Quiz 1 or 2, see its state, edit it or move it through a sheet. */
export function QuizzesSection() {
  const userId = useAtomValue(sessionAtom).user?.id ?? null;
  const { online } = useNetwork();
  const list = useQuizList(userId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [quizz, setQuizz] = useState<1 | 2>(1);
  const quizzes = list.data ?? [];
  const attributes = quizzes.filter((q) => q.quizz === 1);
  const atributo = chosen ?? attributes[0]?.atributo_id ?? null;
  const detail = useQuizDetail(userId, atributo, quizz);
  const summary = quizzes.find((q) => q.atributo_id === atributo && q.quizz === quizz) ?? null;

  if (list.isLoading && !list.data) return <PageLoader label="Cargando los quizzes..." />;
  if (!list.data) return <LoadError title={list.error ?? 'No se pudieron cargar los quizzes'} onRetry={() => void list.revalidate()} />;

  const saved = (_next: QuizDetail) => {
    void detail.revalidate();
    void list.revalidate();
  };

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Cada atributo tiene Quiz 1 y Quiz 2: 10 preguntas de 2 a 4 opciones, una correcta. Cuando un agente lo ha empezado, solo se puede corregir el texto.
      </Text>
      {!online && (
        <Alert color="yellow" role="status">
          Necesitas conexión para cambiar los quizzes. Ves la última copia guardada.
        </Alert>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Atributo"
          data={attributes.map((a) => ({ value: String(a.atributo_id), label: a.atributo }))}
          value={atributo === null ? null : String(atributo)}
          onChange={(value) => value && setChosen(Number(value))}
          allowDeselect={false}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
        />
        <SegmentedControl
          aria-label="Quiz"
          value={String(quizz)}
          onChange={(value) => setQuizz(value === '2' ? 2 : 1)}
          data={[{ value: '1', label: 'Quiz 1' }, { value: '2', label: 'Quiz 2' }]}
        />
      </Group>
      {summary && <StatusLine quiz={summary} />}
      {detail.isLoading && !detail.data && <PageLoader label="Cargando el quiz..." />}
      {!detail.isLoading && !detail.data && (
        <LoadError title={detail.error ?? 'No se pudo cargar el quiz'} onRetry={() => void detail.revalidate()} />
      )}
      {detail.error && detail.data && (
        <Alert color="yellow" role="status">
          No se pudo actualizar: {detail.error}
        </Alert>
      )}
      {detail.data && (
        <>
          <SheetActions detail={detail.data} online={online} onImported={saved} />
          <QuizEditor
            key={`${detail.data.quiz.atributo_id}:${detail.data.quiz.quizz}`}
            detail={detail.data}
            online={online}
            onSaved={saved}
          />
        </>
      )}
    </Stack>
  );
}
