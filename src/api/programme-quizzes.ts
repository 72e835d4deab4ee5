// Programa › Quizzes: the admin's reads and writes of Quiz 1 and Quiz 2 of every attribute.
// Online only: nothing is queued in the outbox; a refusal rejects with an ApiRequestError whose
// message is the server's Spanish text, and `quizRefusal` reads the problems it listed.
import { PROGRAMME_QUIZZES_PATHS } from '#contract/programme-quizzes-constants';
import type { QuizDetail, QuizProblemBody, QuizSaveBody, QuizSheetProblem, QuizSummary } from '#contract/programme-quizzes';
import { apiPath, errorData, http, readJson, toApiRequestError } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/programme-quizzes');

export async function fetchQuizList(): Promise<QuizSummary[]> {
  return (await readJson(http.get(apiPath(PROGRAMME_QUIZZES_PATHS.list)), contract, 'quizListResponseSchema')).quizzes;
}

export async function fetchQuiz(atributo: number, quizz: number): Promise<QuizDetail> {
  return readJson(http.get(apiPath(PROGRAMME_QUIZZES_PATHS.quiz, { atributo, quizz })), contract, 'quizDetailResponseSchema');
}

export async function saveQuiz(atributo: number, quizz: number, body: QuizSaveBody): Promise<QuizDetail> {
  return readJson(http.put(apiPath(PROGRAMME_QUIZZES_PATHS.quiz, { atributo, quizz }), { json: body, retry: 0 }), contract, 'quizDetailResponseSchema');
}

/** POST the .xlsx (multipart, field "file"): the quiz replaced, or reworded if agents started it. */
export async function importQuizSheet(atributo: number, quizz: number, file: File): Promise<QuizDetail> {
  const body = new FormData();
  body.append('file', file, file.name);
  return readJson(http.post(apiPath(PROGRAMME_QUIZZES_PATHS.sheet, { atributo, quizz }), { body, timeout: 60_000, retry: 0 }), contract, 'quizDetailResponseSchema');
}

async function bytes(path: string): Promise<Blob> {
  try {
    return await http.get(path, { timeout: 60_000 }).blob();
  } catch (error) {
    throw toApiRequestError(error);
  }
}

export const downloadQuizSheet = (atributo: number, quizz: number) => bytes(apiPath(PROGRAMME_QUIZZES_PATHS.sheet, { atributo, quizz }));
export const downloadQuizTemplate = () => bytes(apiPath(PROGRAMME_QUIZZES_PATHS.template));

/** What a refused save or import listed: by question (the editor) or by row and column (a sheet). */
export interface QuizRefusal {
  message: string;
  status: number | null;
  quizProblems: QuizProblemBody[];
  sheetProblems: QuizSheetProblem[];
}

export function quizRefusal(error: unknown): QuizRefusal {
  const failure = toApiRequestError(error);
  const data = errorData(failure.cause) as { errores?: unknown } | undefined;
  const listed = Array.isArray(data?.errores) ? (data.errores as Record<string, unknown>[]) : [];
  return {
    message: failure.message,
    status: failure.status,
    quizProblems: listed.filter((p) => 'campo' in p) as unknown as QuizProblemBody[],
    sheetProblems: listed.filter((p) => 'fila' in p) as unknown as QuizSheetProblem[],
  };
}
