import { describe, expect, it } from 'vitest';
import type { RefaceStatus } from '#contract/reface';
import {
  albumFileName,
  checkPhotoDimensions,
  checkPhotoFile,
  isAcceptedDeclaredType,
  DIMENSIONS_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  photoProblemMessage,
  REFACE_MAX_BYTES,
  refaceCardView,
  shouldPollReface,
  sniffImageKind,
  TOO_LARGE_MESSAGE,
  type PhotoProblem,
} from './reface';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffImageKind', () => {
  it.each<[string, Uint8Array, ReturnType<typeof sniffImageKind>]>([
    ['JPEG (JFIF)', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'jpeg'],
    ['JPEG (Exif)', bytes(0xff, 0xd8, 0xff, 0xe1), 'jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'png'],
    ['PNG signature cut short', bytes(0x89, 0x50, 0x4e, 0x47), null],
    ['two JPEG bytes only', bytes(0xff, 0xd8), null],
    ['text', new TextEncoder().encode('hola, no soy una foto'), null],
    ['GIF', new TextEncoder().encode('GIF89a'), null],
    ['empty', bytes(), null],
  ])('%s', (_name, input, kind) => {
    expect(sniffImageKind(input)).toBe(kind);
  });
});

describe('checkPhotoFile', () => {
  it.each<[{ name: string; type: string; size: number }, PhotoProblem | null]>([
    [{ name: 'yo.jpg', type: 'image/jpeg', size: 1000 }, null],
    [{ name: 'yo.png', type: 'image/png', size: 1000 }, null],
    [{ name: 'YO.JPEG', type: '', size: 1000 }, null],
    [{ name: 'yo.png', type: 'image/png', size: REFACE_MAX_BYTES }, null],
    [{ name: 'yo.png', type: 'image/png', size: REFACE_MAX_BYTES + 1 }, 'too-large'],
    [{ name: 'yo.gif', type: 'image/gif', size: 1000 }, 'not-image'],
    [{ name: 'notas.txt', type: 'text/plain', size: 1000 }, 'not-image'],
    [{ name: 'notas.jpg', type: 'text/plain', size: 1000 }, 'not-image'],
    [{ name: 'sin-tipo', type: '', size: 1000 }, 'not-image'],
    [{ name: 'vacia.jpg', type: 'image/jpeg', size: 0 }, 'not-image'],
  ])('%o → %s', (file, problem) => {
    expect(checkPhotoFile(file)).toBe(problem);
  });
});

describe('isAcceptedDeclaredType', () => {
  it.each<[string, boolean]>([
    ['image/jpeg', true],
    ['image/png', true],
    ['IMAGE/PNG', true],
    ['image/jpg', true],
    ['', true],
    ['application/octet-stream', true],
    ['text/plain', false],
    ['text/plain; charset=utf-8', false],
    ['image/gif', false],
    ['image/svg+xml', false],
    ['application/pdf', false],
  ])('%s → %s', (type, accepted) => {
    expect(isAcceptedDeclaredType(type)).toBe(accepted);
  });
});

describe('checkPhotoDimensions', () => {
  it.each<[number, number, PhotoProblem | null]>([
    [640, 480, null],
    [200, 200, null],
    [8000, 5000, null],
    [199, 400, 'dimensions'],
    [400, 199, 'dimensions'],
    [8001, 400, 'dimensions'],
    [8000, 6000, 'dimensions'],
    [0, 0, 'dimensions'],
    [640.5, 480, 'dimensions'],
  ])('%i × %i → %s', (width, height, problem) => {
    expect(checkPhotoDimensions(width, height)).toBe(problem);
  });
});

describe('photoProblemMessage', () => {
  it('uses the spec text for anything that is not an image', () => {
    expect(photoProblemMessage('not-image')).toBe('Por favor, sube solo imágenes (formatos válidos: JPG, PNG).');
    expect(NOT_AN_IMAGE_MESSAGE).toBe(photoProblemMessage('not-image'));
    expect(photoProblemMessage('too-large')).toBe(TOO_LARGE_MESSAGE);
    expect(photoProblemMessage('dimensions')).toBe(DIMENSIONS_MESSAGE);
  });
});

describe('refaceCardView and shouldPollReface', () => {
  it.each<[RefaceStatus | null, ReturnType<typeof refaceCardView>, boolean]>([
    [null, 'start', false],
    ['pending', 'processing', true],
    ['processing', 'processing', true],
    ['completed', 'completed', false],
    ['failed', 'failed', false],
  ])('%s → %s, polls: %s', (status, view, polls) => {
    expect(refaceCardView(status)).toBe(view);
    expect(shouldPollReface(status)).toBe(polls);
  });

  it('does not poll before the status is known', () => {
    expect(shouldPollReface(undefined)).toBe(false);
  });
});

describe('albumFileName', () => {
  it.each([
    ['Accesible', 'Accesible.jpg'],
    ['De Valor', 'De Valor.jpg'],
    ['Con/Estilo?', 'ConEstilo.jpg'],
    ['  ', 'reface.jpg'],
  ])('%s → %s', (name, file) => {
    expect(albumFileName(name)).toBe(file);
  });
});
