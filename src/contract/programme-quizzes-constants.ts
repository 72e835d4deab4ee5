// The Programa › Quizzes contract's plain values (paths, limits, sheet columns): no zod, so the
// app's screens import them without the validation library. #contract/programme-quizzes
// re-exports them beside its schemas. `atributo` is the attribute id, `quizz` 1 or 2.
export const PROGRAMME_QUIZZES_PATHS = {
  /** Every attribute × Quiz 1/2: counts, complete, locked. */
  list: '/programa/quizzes',
  /** The .xlsx template (columns and one example row). */
  template: '/programa/quizzes/plantilla',
  /** GET the quiz with its correct options; PUT the whole quiz. */
  quiz: '/programa/quizzes/:atributo/:quizz',
  /** GET the quiz as .xlsx; POST an .xlsx to replace (or reword) it. */
  sheet: '/programa/quizzes/:atributo/:quizz/hoja',
} as const;

export const QUIZ_NUMBERS_EDITABLE = [1, 2] as const;
export type EditableQuizNumber = (typeof QUIZ_NUMBERS_EDITABLE)[number];

/** A quiz has exactly this many questions once complete. */
export const QUIZ_QUESTION_COUNT = 10;
export const QUIZ_MIN_OPTIONS = 2;
export const QUIZ_MAX_OPTIONS = 4;
/** Longest question or option text, in characters (after trimming). */
export const QUIZ_TEXT_MAX = 300;

/** Largest sheet upload accepted (the server refuses larger ones with 413). */
export const QUIZ_SHEET_MAX_BYTES = 2 * 1024 * 1024;

/** The sheet's columns, in order: one row per question. "Correcta" is the option's number. */
export const QUIZ_SHEET_COLUMNS = ['Pregunta', 'Opción 1', 'Opción 2', 'Opción 3', 'Opción 4', 'Correcta'] as const;

export const QUIZ_TEMPLATE_FILE_NAME = 'plantilla-quiz.xlsx';

/** The exported sheet's file name: quiz-accesible-1.xlsx. */
export const quizSheetFileName = (slug: string, quiz: number): string => `quiz-${slug}-${quiz}.xlsx`;
