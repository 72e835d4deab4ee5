// A quiz as a sheet: one row per question (Pregunta, Opción 1..4, Correcta = the correct option's
// number). Export and template write it; import reads it back into a draft, naming every problem
// by row and column; the quiz's rules are then #domain/programme-quizzes, mapped to the same
// cells. An upload passes the zip-bomb guard (tighter than the user import's: a quiz is tiny)
// before the spreadsheet library sees it; formulas are never evaluated.
import * as XLSX from '@e965/xlsx';
import { QUIZ_MAX_OPTIONS, QUIZ_QUESTION_COUNT, QUIZ_SHEET_COLUMNS, type QuizSheetProblem } from '#contract/programme-quizzes';
import type { QuestionDraft, QuizProblem, SavedQuestion } from '#domain/programme-quizzes';
import { checkZip } from '#server/modules/user-import/zip-guard';
import { writeXlsx, type Cell } from '#server/spreadsheets/write';

/** Data rows read at most: enough to say "too many questions" without reading on. */
const MAX_ROWS = 50;
const ZIP_LIMITS = { maxEntries: 100, maxTotalUncompressed: 8 * 1024 * 1024 };
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const WIDTHS = [60, 32, 32, 32, 32, 10];
const HELP_ROWS: Cell[][] = [
  ['Una fila por pregunta: exactamente 10 filas debajo de los títulos, en el orden del quiz.'],
  ['Pregunta y cada opción: de 1 a 300 caracteres. De 2 a 4 opciones por pregunta (deja vacías las que sobren, siempre las últimas).'],
  ['Correcta: el número de la opción correcta (1, 2, 3 o 4). Solo una por pregunta.'],
  ['Si el quiz ya lo han empezado agentes, solo se puede corregir el texto: mismas preguntas, mismas opciones y misma correcta.'],
];

export const NOT_XLSX = 'El archivo no es una hoja de cálculo .xlsx. Descarga la plantilla y guárdala como .xlsx.';
export const UNREADABLE = 'No se pudo leer la hoja de cálculo: ábrela y guárdala de nuevo como .xlsx.';

const rowOf = (q: SavedQuestion | QuestionDraft): Cell[] => {
  const options = Array.from({ length: QUIZ_MAX_OPTIONS }, (_, j) => q.opciones[j]?.texto ?? null);
  const correct = q.opciones.findIndex((o) => o.correcta);
  return [q.texto, ...options, correct >= 0 ? correct + 1 : null];
};

function workbook(rows: Cell[][]): Buffer {
  return writeXlsx([
    { name: 'Quiz', header: [...QUIZ_SHEET_COLUMNS], rows, widths: WIDTHS },
    { name: 'Instrucciones', header: ['Cómo rellenar la hoja'], rows: HELP_ROWS, widths: [120] },
  ]);
}

export function quizSheet(questions: readonly SavedQuestion[]): Buffer {
  return workbook(questions.map(rowOf));
}

export function quizTemplate(): Buffer {
  return workbook([rowOf({
    texto: '¿Qué es lo primero que haces cuando un cliente llama con un problema?',
    opciones: [
      { texto: 'Pasarle con otro departamento', correcta: false },
      { texto: 'Escuchar y entender qué necesita', correcta: true },
      { texto: 'Leerle las condiciones del contrato', correcta: false },
    ],
  })]);
}

/** The problem's cell: the question's row, and its column (null: the whole row or the sheet). */
export function cellOfProblem(problem: QuizProblem, rows: readonly number[]): QuizSheetProblem {
  const fila = problem.pregunta === null ? null : (rows[problem.pregunta - 1] ?? null);
  const columna = problem.campo === 'texto' ? 'Pregunta'
    : problem.campo === 'opcion' && problem.opcion !== null ? `Opción ${problem.opcion}`
      : problem.campo === 'correcta' ? 'Correcta'
        : problem.campo === 'opciones' ? 'Opción 1 a Opción 4' : null;
  return { fila, columna, mensaje: fila === null ? problem.mensaje : `Fila ${fila}: ${problem.mensaje}` };
}

/**
 * A readable sheet gives its draft, each question's row, and the problems of its cells that the
 * quiz rules cannot see (a bad "Correcta", a gap between options); an unreadable one, why.
 */
export type SheetRead = { ok: true; questions: QuestionDraft[]; rows: number[]; problems: QuizSheetProblem[] } | { ok: false; status: number; problems: QuizSheetProblem[] };

/**
 * The sheet's own problems and the quiz rules' ones, by cell, one per cell (the sheet's says
 * more: "Correcta debe ser…" rather than "marca cuál es la correcta"), in row order.
 */
export function sheetProblems(read: { rows: readonly number[]; problems: readonly QuizSheetProblem[] }, rules: readonly QuizProblem[]): QuizSheetProblem[] {
  const cellKey = (p: QuizSheetProblem) => `${p.fila}|${p.columna}`;
  const taken = new Set(read.problems.map(cellKey));
  const merged = [...read.problems, ...rules.map((p) => cellOfProblem(p, read.rows)).filter((p) => !taken.has(cellKey(p)))];
  return merged.sort((a, b) => (a.fila ?? 0) - (b.fila ?? 0));
}

const fail = (status: number, mensaje: string): SheetRead => ({ ok: false, status, problems: [{ fila: null, columna: null, mensaje }] });
const headerKey = (value: string) => value.normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/\s+/g, '').toLowerCase();
const text = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : String(cell).trim());

function firstSheetRows(bytes: Buffer): Cell[][] | null {
  const book = XLSX.read(bytes, {
    type: 'buffer', sheets: 0, sheetRows: MAX_ROWS + 1, dense: true, cellFormula: false, cellHTML: false, cellStyles: false, cellDates: false, bookVBA: false,
  });
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet) return null;
  return XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
}

/** Reads an uploaded sheet into a draft; every problem of its cells, by row and column. */
export function readQuizSheet(bytes: Buffer): SheetRead {
  if (!ZIP_MAGIC.every((b, i) => bytes[i] === b)) return fail(415, NOT_XLSX);
  const verdict = checkZip(bytes, ZIP_LIMITS);
  if (!verdict.ok) return fail(verdict.reason === 'too-large' ? 413 : 415, verdict.reason === 'too-large' ? 'La hoja de cálculo ocupa demasiado al descomprimirla.' : NOT_XLSX);
  let all: Cell[][] | null;
  try {
    all = firstSheetRows(bytes);
  } catch {
    return fail(422, UNREADABLE);
  }
  const [header = [], ...body] = all ?? [];
  const problems: QuizSheetProblem[] = [];
  const columns = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = text(cell);
    if (name === '') return;
    const known = QUIZ_SHEET_COLUMNS.find((c) => headerKey(c) === headerKey(name));
    if (known) columns.set(known, index);
    else problems.push({ fila: 1, columna: name, mensaje: `Columna desconocida «${name}»: las columnas son ${QUIZ_SHEET_COLUMNS.join(', ')} (como máximo ${QUIZ_MAX_OPTIONS} opciones).` });
  });
  for (const c of QUIZ_SHEET_COLUMNS) {
    if (!columns.has(c) && c !== 'Opción 3' && c !== 'Opción 4') problems.push({ fila: 1, columna: c, mensaje: `Falta la columna «${c}» en la primera fila.` });
  }
  if (problems.length > 0) return { ok: false, status: 422, problems };
  const at = (row: Cell[], column: string) => {
    const index = columns.get(column);
    return index === undefined ? '' : text(row[index]);
  };
  const questions: QuestionDraft[] = [];
  const rows: number[] = [];
  body.forEach((row, i) => {
    const fila = i + 2;
    if (row.every((cell) => text(cell) === '')) return;
    const options = Array.from({ length: QUIZ_MAX_OPTIONS }, (_, j) => at(row, `Opción ${j + 1}`));
    const lastFilled = options.findLastIndex((o) => o !== '');
    options.slice(0, lastFilled + 1).forEach((o, j) => {
      if (o === '') problems.push({ fila, columna: `Opción ${j + 1}`, mensaje: `Fila ${fila}: la opción ${j + 1} está vacía y hay opciones después; deja vacías solo las últimas.` });
    });
    const filled = options.slice(0, lastFilled + 1);
    const correctText = at(row, 'Correcta');
    const correct = /^\d+$/.test(correctText) ? Number(correctText) : NaN;
    if (!Number.isInteger(correct) || correct < 1 || correct > QUIZ_MAX_OPTIONS) {
      problems.push({ fila, columna: 'Correcta', mensaje: `Fila ${fila}: Correcta debe ser el número de la opción correcta, de 1 a ${QUIZ_MAX_OPTIONS} (pone «${correctText}»).` });
    } else if (correct > filled.length) {
      problems.push({ fila, columna: 'Correcta', mensaje: `Fila ${fila}: Correcta es ${correct}, pero la opción ${correct} está vacía.` });
    }
    questions.push({ texto: at(row, 'Pregunta'), opciones: filled.map((t, j) => ({ texto: t, correcta: j + 1 === correct })) });
    rows.push(fila);
  });
  if (questions.length > QUIZ_QUESTION_COUNT && body.length >= MAX_ROWS) {
    problems.push({ fila: null, columna: null, mensaje: `La hoja tiene más de ${MAX_ROWS} filas: un quiz tiene ${QUIZ_QUESTION_COUNT} preguntas.` });
  }
  return { ok: true, questions, rows, problems };
}
