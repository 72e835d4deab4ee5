// The snapshot keys of Programa › Premios (personal, wiped at sign-out like every key).
export const prizesKeys = {
  /** GET programa/premios: the rows by month and each calendar month's row and state. */
  list: 'programa:premios',
} as const;
