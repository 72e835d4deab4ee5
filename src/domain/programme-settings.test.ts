import { describe, expect, it } from 'vitest';
import {
  changedFields, checkAllowlist, maintenanceLetsIn, normalizeIp, readMaintenanceSetting, selfLockout,
} from './programme-settings.ts';

describe('normalizeIp', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['::FFFF:0a00:0001', '10.0.0.1'],
    ['2001:DB8::7', '2001:db8::7'],
    ['2001:0db8:0000:0000:0000:0000:0000:0007', '2001:db8::7'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['::1', '::1'],
    ['::', '::'],
    ['fe80::', 'fe80::'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
  ])('%s is %s', (raw, expected) => {
    expect(normalizeIp(raw)).toBe(expected);
  });

  it.each([
    '', ' ', '10.0.0', '10.0.0.256', '010.0.0.1', '10.0.0.1/24', '10.0.0.1:80', 'localhost', '[::1]', 'fe80::1%eth0',
    '1:2:3:4:5:6:7:8:9', '1::2::3', '12345::', 'g::1', '1:2:3:4:5:6:7::8', '::ffff:1.2.3', '<script>', '1.2.3.4\n5.6.7.8',
  ])('%j is not an address', (raw) => {
    expect(normalizeIp(raw)).toBeNull();
  });
});

describe('checkAllowlist', () => {
  it('stores each address once, in its one spelling and in order, dropping blank lines', () => {
    expect(checkAllowlist(['10.0.0.2', '', ' 2001:DB8::7 ', '::ffff:10.0.0.1'])).toEqual({ ok: true, allowlist: ['10.0.0.2', '2001:db8::7', '10.0.0.1'] });
  });

  it.each([
    [['10.0.0.1', 'nope'], [{ line: 2, message: '«nope» no es una dirección IP válida (por ejemplo 203.0.113.7 o 2001:db8::1)' }]],
    [['10.0.0.1', '::ffff:10.0.0.1'], [{ line: 2, message: 'La dirección 10.0.0.1 está repetida' }]],
    [Array.from({ length: 12 }, (_, i) => `10.0.0.${i}`), [{ line: null, message: 'La lista admite como mucho 11 direcciones (tiene 12)' }]],
  ])('refuses %j', (lines, problems) => {
    expect(checkAllowlist(lines)).toEqual({ ok: false, problems });
  });

  it('takes exactly eleven', () => {
    expect(checkAllowlist(Array.from({ length: 11 }, (_, i) => `10.0.0.${i}`)).ok).toBe(true);
  });
});

describe('who maintenance lets in', () => {
  const on = { state: 1 as const, allowlist: ['10.0.0.1', '2001:db8::7'] };
  it.each([
    [on, '10.0.0.1', true],
    [on, '::ffff:10.0.0.1', true],
    [on, '2001:0db8::0007', true],
    [on, '10.0.0.2', false],
    [on, 'garbage', false],
    [{ state: 0 as const, allowlist: [] }, '10.0.0.2', true],
  ])('%j lets %s in: %s', (setting, ip, expected) => {
    expect(maintenanceLetsIn(setting, ip)).toBe(expected);
  });

  it('refuses turning it on without the caller, naming the caller\'s address', () => {
    expect(selfLockout(on, '::ffff:10.0.0.9')).toBe('Añade tu IP (10.0.0.9) a la lista o te quedarás fuera');
    expect(selfLockout(on, '10.0.0.1')).toBeNull();
    expect(selfLockout({ state: 0, allowlist: [] }, '10.0.0.9')).toBeNull();
  });
});

describe('readMaintenanceSetting', () => {
  it.each([
    [null, { state: 0, allowlist: [] }],
    ['1', { state: 0, allowlist: [] }],
    [{ state: 1, allowlist: ['10.0.0.1', 'x', '::ffff:10.0.0.1', 3] }, { state: 1, allowlist: ['10.0.0.1'] }],
    [{ state: 2, allowlist: 'x' }, { state: 0, allowlist: [] }],
  ])('reads %j as %j', (stored, expected) => {
    expect(readMaintenanceSetting(stored)).toEqual(expected);
  });
});

describe('changedFields', () => {
  it.each([
    [{ state: 0, allowlist: [] }, { state: 1, allowlist: ['10.0.0.1'] }, [
      { field: 'state', before: 0, after: 1 }, { field: 'allowlist', before: [], after: ['10.0.0.1'] },
    ]],
    [{ a: 1, b: 'x' }, { a: 1, b: 'y' }, [{ field: 'b', before: 'x', after: 'y' }]],
    [null, { title: 'Vídeo' }, [{ field: 'title', before: null, after: 'Vídeo' }]],
    [{ title: 'Vídeo' }, null, [{ field: 'title', before: 'Vídeo', after: null }]],
    [{ a: 1 }, { a: 1 }, []],
    [3, 4, [{ field: 'valor', before: 3, after: 4 }]],
    [null, null, []],
  ])('%j → %j', (before, after, expected) => {
    expect(changedFields(before, after)).toEqual(expected);
  });
});
