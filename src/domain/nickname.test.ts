import { describe, expect, it } from 'vitest';
import { checkNickname } from './nickname';

describe('checkNickname', () => {
  it.each([
    ['Ana', { ok: true, value: 'Ana' }],
    ['  Ana  ', { ok: true, value: 'Ana' }],
    ['Ana   la  Grande', { ok: true, value: 'Ana la Grande' }],
    ['Señor Ñandú', { ok: true, value: 'Señor Ñandú' }],
    ['a'.repeat(30), { ok: true, value: 'a'.repeat(30) }],
    ['ñ'.repeat(30), { ok: true, value: 'ñ'.repeat(30) }],
    ['', { ok: false, error: 'El Nick Name es obligatorio.' }],
    ['   ', { ok: false, error: 'El Nick Name es obligatorio.' }],
    [null, { ok: false, error: 'El Nick Name es obligatorio.' }],
    [undefined, { ok: false, error: 'El Nick Name es obligatorio.' }],
    ['a'.repeat(31), { ok: false, error: 'El Nick Name no puede tener más de 30 caracteres.' }],
    ['Ana\u200bB', { ok: false, error: 'El Nick Name contiene caracteres no válidos.' }],
    ['Ana\u0007', { ok: false, error: 'El Nick Name contiene caracteres no válidos.' }],
  ])('%j', (raw, expected) => {
    expect(checkNickname(raw)).toEqual(expected);
  });
});
