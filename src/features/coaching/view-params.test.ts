import { describe, expect, it } from 'vitest';
import { coachingViewOf } from './view-params';

const view = (query: string) => coachingViewOf(new URLSearchParams(query));

describe('coachingViewOf', () => {
  it('reads the attribute, the narrowing and the stall threshold from the URL', () => {
    expect(view('atributo=3&marca=2&plataforma=4&sede=15&dias=14')).toEqual({ atributo: 3, filter: { marca: 2, plataforma: 4, sede: 15 }, dias: 14 });
  });

  it('leaves out what is absent or malformed, and a threshold that is not offered is left to the server default', () => {
    expect(view('')).toEqual({ atributo: undefined, filter: { marca: undefined, plataforma: undefined, sede: undefined }, dias: undefined });
    expect(view('atributo=0&sede=-1&marca=2x&plataforma=1e3&dias=99')).toEqual({
      atributo: undefined,
      filter: { marca: undefined, plataforma: undefined, sede: undefined },
      dias: undefined,
    });
  });
});
