import { describe, expect, it } from 'vitest';
import { savedAnswersLine, waitingCorrectionsText } from './texts.ts';

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
