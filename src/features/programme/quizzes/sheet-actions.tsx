import { useState } from 'react';
import { Alert, Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { QUIZ_SHEET_MAX_BYTES, QUIZ_TEMPLATE_FILE_NAME, quizSheetFileName } from '#contract/programme-quizzes-constants';
import type { QuizDetail, QuizSheetProblem } from '#contract/programme-quizzes';
import { downloadQuizSheet, downloadQuizTemplate, importQuizSheet, quizRefusal } from '#api/programme-quizzes';
import { saveFile } from '#components/save-file';

interface SheetActionsProps {
  detail: QuizDetail;
  online: boolean;
  onImported: (detail: QuizDetail) => void;
}

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const where = (p: QuizSheetProblem) => [p.fila === null ? null : `Fila ${p.fila}`, p.columna].filter(Boolean).join(' · ');

/** Download the quiz or the template as .xlsx; import a sheet, every problem listed by row and column. */
export function SheetActions({ detail, online, onImported }: SheetActionsProps) {
  const [busy, setBusy] = useState<'hoja' | 'plantilla' | 'importar' | null>(null);
  const [failure, setFailure] = useState<{ message: string; problems: QuizSheetProblem[] } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { atributo_id: atributo, quizz, slug } = detail.quiz;

  const run = async (kind: 'hoja' | 'plantilla' | 'importar', task: () => Promise<void>) => {
    setBusy(kind);
    setFailure(null);
    setDone(null);
    try {
      await task();
    } catch (error) {
      const refusal = quizRefusal(error);
      setFailure({ message: refusal.message, problems: refusal.sheetProblems.filter((p) => p.fila !== null || p.columna !== null) });
    } finally {
      setBusy(null);
    }
  };

  const importFile = (file: File | null) => {
    if (!file) return;
    if (file.size > QUIZ_SHEET_MAX_BYTES) {
      setFailure({ message: `La hoja es demasiado grande (máximo ${QUIZ_SHEET_MAX_BYTES / 1024 / 1024} MB)`, problems: [] });
      return;
    }
    void run('importar', async () => {
      const saved = await importQuizSheet(atributo, quizz, file);
      onImported(saved);
      setDone(`Hoja importada: ${saved.quiz.preguntas} preguntas en ${saved.quiz.atributo}, Quiz ${saved.quiz.quizz}.`);
    });
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button variant="light" size="xs" loading={busy === 'hoja'} disabled={!online || detail.preguntas.length === 0}
          onClick={() => void run('hoja', async () => saveFile(await downloadQuizSheet(atributo, quizz), quizSheetFileName(slug, quizz)))}>
          Descargar hoja
        </Button>
        <Button variant="light" size="xs" loading={busy === 'plantilla'} disabled={!online}
          onClick={() => void run('plantilla', async () => saveFile(await downloadQuizTemplate(), QUIZ_TEMPLATE_FILE_NAME))}>
          Descargar plantilla
        </Button>
        <FileButton onChange={importFile} accept={XLSX_ACCEPT} disabled={!online || busy !== null}>
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={busy === 'importar'}>
              Importar hoja
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        Una fila por pregunta: Pregunta, Opción 1 a Opción 4 y Correcta (el número de la opción correcta).
        {detail.quiz.bloqueado ? ' Este quiz ya lo han empezado agentes: la hoja solo puede corregir textos.' : ' Importar sustituye el quiz entero.'}
      </Text>
      {done && (
        <Alert color="green" role="status" withCloseButton onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" title={failure.problems.length > 0 ? 'La hoja no se importó' : undefined} withCloseButton onClose={() => setFailure(null)}>
          {failure.problems.length === 0 ? failure.message : (
            <List size="sm" spacing={4}>
              {failure.problems.map((p) => (
                <List.Item key={`${p.fila}|${p.columna}|${p.mensaje}`}>
                  <Text span fw={600} size="sm">{where(p)}</Text>
                  {': '}
                  {p.mensaje.replace(/^Fila \d+: /, '')}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}
