import { describe, expect, it } from 'vitest';
import { clockKeptRunningNotice, savedAnswersLine, unknownQuizText, waitingCorrectionsText } from './texts.ts';

describe('quiz counts agree in number', () => {
  it.each([
    [1, '1 respuesta guardada: se corregirá cuando recuperes la conexión.'],
    [2, '2 respuestas guardadas: se corregirán cuando recuperes la conexión.'],
    [10, '10 respuestas guardadas: se corregirán cuando recuperes la conexión.'],
  ])('saved answers under the question: %i', (count, text) => {
    expect(savedAnswersLine(count)).toBe(text);
  });

  it.each([
    [1, 'Queda 1 respuesta guardada en este dispositivo: se corregirá en cuanto recuperes la conexión y entonces verás tus resultados.'],
    [3, 'Quedan 3 respuestas guardadas en este dispositivo: se corregirán en cuanto recuperes la conexión y entonces verás tus resultados.'],
  ])('corrections still to come: %i', (count, text) => {
    expect(waitingCorrectionsText(count)).toBe(text);
  });
});

describe('the clock kept running while the agent was away', () => {
  it.each([
    [0, 'El cronómetro siguió corriendo mientras no estabas: esta pregunta lleva 0 segundos.'],
    [1_999, 'El cronómetro siguió corriendo mientras no estabas: esta pregunta lleva 1 segundo.'],
    [42_500, 'El cronómetro siguió corriendo mientras no estabas: esta pregunta lleva 42 segundos.'],
    [60_000, 'El cronómetro siguió corriendo mientras no estabas: esta pregunta lleva 1 minuto.'],
    [61_000, 'El cronómetro siguió corriendo mientras no estabas: esta pregunta lleva 1 minuto y 1 segundo.'],
    [185_000, 'El cronómetro siguió corriendo mientras no estabas: esta pregunta lleva 3 minutos y 5 segundos.'],
  ])('after %i ms', (elapsedMs, text) => {
    expect(clockKeptRunningNotice(elapsedMs)).toBe(text);
  });
});

it('a quiz number the attribute does not have names the quizzes it has', () => {
  expect(unknownQuizText('Accesible')).toBe('Cada atributo tiene el Quizz 1 y el Quizz 2: vuelve al módulo formativo de Accesible y elige uno.');
});
