// The snapshot keys of Programa › Calendario y atributos (personal, wiped at sign-out like every key).
export const calendarKeys = {
  /** GET programa/calendario: the seven attributes with their content and state. */
  list: 'programa:calendario',
} as const;
