// The snapshot keys of Programa › Quizzes (personal, wiped at sign-out like every key).
export const quizKeys = {
  /** GET programa/quizzes: every attribute × Quiz 1/2 with its state. */
  list: 'programa:quizzes',
  /** GET programa/quizzes/:atributo/:quizz: the questions with their correct options. */
  quiz: (atributo: number, quizz: number) => `programa:quiz:${atributo}:${quizz}`,
} as const;
