import { describe, expect, it } from 'vitest';
import type { Attribute } from '#contract/attributes';
import { albumSlides } from './album-slides';

const attribute = (id: number, nombre: string, enabled: boolean, display_order = id): Attribute => ({
  id, nombre, slug: '', enabled, month_start: null, month_end: null, quiz2_opens_at: null, display_order,
});

describe('albumSlides', () => {
  it('lists the seven attributes, 1-3 enabled, with the user\'s images, even without a calendar', () => {
    const slides = albumSlides([{ atributo_id: 2, image: 'refaces/7/a.jpg' }], undefined);
    expect(slides.map((s) => [s.id, s.name, s.enabled, s.image])).toEqual([
      [1, 'De Valor', true, null],
      [2, 'Resolutivo', true, 'refaces/7/a.jpg'],
      [3, 'Accesible', true, null],
      [4, 'Transversal', false, null],
      [5, 'Proactivo', false, null],
      [6, 'Confiable', false, null],
      [7, 'Con Estilo', false, null],
    ]);
  });

  it('follows the calendar: its names, enabled flags and display order', () => {
    const calendar = [attribute(1, 'De Valor', true, 2), attribute(2, 'Resolutivo', true, 1), attribute(3, 'Accesible', false, 3)];
    const slides = albumSlides([], calendar);
    expect(slides.slice(0, 3).map((s) => [s.id, s.enabled])).toEqual([[2, true], [1, true], [3, false]]);
    expect(slides).toHaveLength(7);
    expect(slides.map((s) => s.slug)).toContain('conestilo');
  });

  it('takes each attribute\'s own logo from the calendar, none without it', () => {
    const withLogo = { ...attribute(1, 'De Valor', true, 1), logo_url: '/media/u/logo.png' };
    expect(albumSlides([], [withLogo]).map((s) => s.logoUrl).slice(0, 2)).toEqual(['/media/u/logo.png', null]);
  });
});
