// Programa, "quizzes": its rows of the authorization matrix (issue 35). The admin's writes are
// refused whole by the quiz rules (nothing changes, so the matrix can run them again).
import type { MatrixCase } from '../authorization-matrix.ts';
import { adminOnly } from './expect.ts';

export const quizzesRows: MatrixCase[] = [
  { route: 'GET /api/programa/quizzes', request: () => ({ url: '/api/programa/quizzes' }), expect: adminOnly(200) },
  { route: 'GET /api/programa/quizzes/plantilla', request: () => ({ url: '/api/programa/quizzes/plantilla' }), expect: adminOnly(200) },
  { route: 'GET /api/programa/quizzes/:atributo/:quizz', about: 'Accesible, Quiz 1', request: () => ({ url: '/api/programa/quizzes/3/1' }), expect: adminOnly(200) },
  {
    route: 'PUT /api/programa/quizzes/:atributo/:quizz', about: 'Con Estilo\'s Quiz 2 with no questions: refused by the rules (422), nothing written',
    request: () => ({ url: '/api/programa/quizzes/7/2', payload: { preguntas: [] } }), expect: adminOnly(422),
  },
  { route: 'GET /api/programa/quizzes/:atributo/:quizz/hoja', about: 'Accesible, Quiz 1 as .xlsx', request: () => ({ url: '/api/programa/quizzes/3/1/hoja' }), expect: adminOnly(200) },
  {
    route: 'POST /api/programa/quizzes/:atributo/:quizz/hoja', about: 'a text file, not a workbook: refused (415), nothing written',
    request: () => ({ url: '/api/programa/quizzes/7/2/hoja', multipart: { fields: {}, file: { field: 'file', name: 'quiz.xlsx', type: 'text/plain', bytes: Buffer.from('Pregunta;Opción 1\n') } } }),
    expect: adminOnly(415),
  },
];
