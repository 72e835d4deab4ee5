// The quiz's sentences that change with a count, so number agreement is decided (and tested) once,
// and the ones more than one quiz screen shows.
import { QUIZ_NUMBERS } from '#domain/quiz';

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

/** Quiz intro rule: the question's clock does not stop while the agent is elsewhere. */
export const CLOCK_KEEPS_RUNNING_RULE =
  'El cronómetro no se detiene si sales de la pregunta: sigue contando aunque cambies de pestaña o de app, recargues la página o la cierres y vuelvas más tarde.';

/** "42 segundos", "1 minuto y 5 segundos": how long a question has been on its clock. */
function clockDuration(elapsedMs: number): string {
  const total = Math.floor(Math.max(0, elapsedMs) / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const secondsText = seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  if (minutes === 0) return secondsText;
  const minutesText = minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  return seconds === 0 ? minutesText : `${minutesText} y ${secondsText}`;
}

/** On the question, back after a reload, another screen or another tab: the clock kept running. */
export function clockKeptRunningNotice(elapsedMs: number): string {
  return `El cronómetro siguió corriendo mientras no estabas: esta pregunta lleva ${clockDuration(elapsedMs)}.`;
}

/** /cuestionario/:atributo/quizz/3: the attribute exists, the quiz number does not. */
export const UNKNOWN_QUIZ_TITLE = 'Ese cuestionario no existe';

/** "Cada atributo tiene el Quizz 1 y el Quizz 2: …", from the quiz numbers the programme has. */
export function unknownQuizText(attributeName: string): string {
  const quizzes = QUIZ_NUMBERS.map((quiz) => `el Quizz ${quiz}`).join(' y ');
  return `Cada atributo tiene ${quizzes}: vuelve al módulo formativo de ${attributeName} y elige uno.`;
}
