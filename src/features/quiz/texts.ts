// The quiz's sentences that change with a count, so number agreement is decided (and tested) once.

/** Under the question while answers wait on the device: "1 respuesta guardada: se corregirá …". */
export function savedAnswersLine(count: number): string {
  return count === 1
    ? '1 respuesta guardada: se corregirá cuando recuperes la conexión.'
    : `${count} respuestas guardadas: se corregirán cuando recuperes la conexión.`;
}

/** Every question answered, some corrections still to come. */
export function waitingCorrectionsText(count: number): string {
  return count === 1
    ? 'Queda 1 respuesta guardada en este dispositivo: se corregirá en cuanto recuperes la conexión y entonces verás tus resultados.'
    : `Quedan ${count} respuestas guardadas en este dispositivo: se corregirán en cuanto recuperes la conexión y entonces verás tus resultados.`;
}
