import { describe, expect, it } from 'vitest';
import { formativeContentCount, moduleLead } from './module-lead.ts';

const videos = (...positions: number[]) => positions.map((position) => ({ position }));

describe('the training module lead', () => {
  it('counts the formative videos and both quizzes, not the presentation', () => {
    expect(formativeContentCount(videos(0, 1, 2))).toBe(4);
    expect(formativeContentCount(videos(0, 1, 2, 3))).toBe(5);
    expect(formativeContentCount(videos(0))).toBe(2);
  });

  it('says "cuatro" for the demo attributes (a presentation and two formative videos)', () => {
    expect(moduleLead(videos(0, 1, 2))).toBe(
      'Completa los cuatro contenidos formativos para desbloquear el candado y gana premios según tu posición en el ranking.',
    );
  });

  it('names them all while the videos are not known, and writes large counts in figures', () => {
    expect(moduleLead(undefined)).toMatch(/^Completa todos los contenidos formativos /);
    expect(moduleLead(videos(0, ...Array.from({ length: 12 }, (_, i) => i + 1)))).toMatch(/^Completa los 14 contenidos /);
  });
});
