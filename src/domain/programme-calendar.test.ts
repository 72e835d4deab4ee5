import { describe, expect, it } from 'vitest';
import {
  checkAttributeChange, defaultQuiz2Day, hasMonthStarted, isIsoDay, monthState, normalizeSettings, overlappingMonth, settingsProblems,
  type AttributeSettings, type StoredAttribute,
} from '#domain/programme-calendar';

const NOW = new Date('2025-06-20T10:00:00Z');

const base: StoredAttribute = {
  id: 5, slug: 'proactivo', nombre: 'Proactivo', enabled: false, month_start: null, month_end: null, quiz2_opens_at: null, sync_grace_hours: 72,
  color: '#ff8a3d', tagline: 'Adelántate.', definition: 'Ser Proactivo…', personality: ['Anticipa.'], language: ['«Le propongo…»'],
};
const june: StoredAttribute = { ...base, id: 3, slug: 'accesible', nombre: 'Accesible', enabled: true, month_start: '2025-06-01', month_end: '2025-06-30', quiz2_opens_at: '2025-06-15' };
const july = { ...base, enabled: true, month_start: '2025-07-01', month_end: '2025-07-31', quiz2_opens_at: '2025-07-15' };

const settings = (changes: Partial<AttributeSettings>, from: StoredAttribute = base): AttributeSettings => ({ ...from, ...changes });
const check = (before: StoredAttribute, changes: Partial<AttributeSettings>, frozen = false) =>
  checkAttributeChange(before, settings(changes, before), { now: NOW, frozen, others: [june, base] });
const fields = (before: StoredAttribute, changes: Partial<AttributeSettings>, frozen = false) => check(before, changes, frozen).problems.map((p) => `${p.status} ${p.field}`);

describe('days and states', () => {
  it.each([
    ['2025-02-28', true], ['2024-02-29', true], ['2025-02-29', false], ['2025-13-01', false], ['2025-6-1', false], ['', false],
  ])('isIsoDay(%s) is %s', (day, valid) => expect(isIsoDay(day)).toBe(valid));

  it.each([['2025-07-01', '2025-07-15'], ['2025-07-20', '2025-07-20']])('Quiz 2 for a month from %s defaults to %s', (start, quiz2) => {
    expect(defaultQuiz2Day(start)).toBe(quiz2);
  });

  it.each([
    [base, 'proximamente', false], [{ ...base, month_start: '2025-06-01', month_end: '2025-06-30' }, 'proximamente', false],
    [july, 'programado', false], [june, 'en-curso', true], [{ ...june, month_start: '2025-05-01', month_end: '2025-05-31' }, 'cerrado', true],
  ] as const)('%# is %s (started: %s)', (entry, state, started) => {
    expect(monthState(entry, NOW)).toBe(state);
    expect(hasMonthStarted(entry, NOW)).toBe(started);
  });
});

describe('normalizeSettings', () => {
  it('trims texts, drops blank lines, lowercases the colour, fills Quiz 2', () => {
    expect(normalizeSettings(settings({ nombre: ' X ', tagline: '  ', color: '#ABCDEF', personality: [' a ', '', '  '], month_start: '2025-08-01', month_end: '2025-08-31' })))
      .toMatchObject({ nombre: 'X', tagline: null, color: '#abcdef', personality: ['a'], quiz2_opens_at: '2025-08-15' });
  });
});

describe('settingsProblems', () => {
  it.each([
    [{ nombre: '' }, 'nombre'], [{ nombre: 'x'.repeat(41) }, 'nombre'], [{ color: 'blue' }, 'color'], [{ color: '#12345' }, 'color'],
    [{ tagline: 'x'.repeat(201) }, 'tagline'], [{ personality: Array(13).fill('x') as string[] }, 'personality'], [{ language: ['x'.repeat(201)] }, 'language'],
    [{ sync_grace_hours: -1 }, 'sync_grace_hours'], [{ sync_grace_hours: 1.5 }, 'sync_grace_hours'], [{ enabled: true }, 'enabled'],
    [{ month_start: '2025-08-01' }, 'month_end'], [{ month_end: '2025-08-01' }, 'month_start'], [{ quiz2_opens_at: '2025-08-15' }, 'quiz2_opens_at'],
    [{ month_start: '2025-08-31', month_end: '2025-08-01' }, 'month_end'], [{ month_start: '2025-08-01', month_end: '2025-08-31', quiz2_opens_at: '2025-07-31' }, 'quiz2_opens_at'],
    [{ month_start: '2025-08-01', month_end: '2025-08-32' }, 'month_end'],
  ] as [Partial<AttributeSettings>, string][])('refuses %j (%s)', (changes, field) => {
    expect(settingsProblems(normalizeSettings(settings(changes))).map((p) => p.field)).toEqual([field]);
  });

  it.each([
    [{}], [{ color: null, tagline: null, definition: null, personality: [], language: [] }], [{ nombre: 'x'.repeat(40), personality: Array(12).fill('x'.repeat(200)) as string[] }],
    [{ month_start: '2025-08-01', month_end: '2025-08-31' }], [{ sync_grace_hours: 0 }], [{ sync_grace_hours: 720 }],
  ] as [Partial<AttributeSettings>][])('accepts %j', (changes) => {
    expect(settingsProblems(normalizeSettings(settings(changes)))).toEqual([]);
  });
});

describe('overlappingMonth', () => {
  it.each([
    ['2025-06-30', '2025-07-30', 'Accesible'], ['2025-05-01', '2025-06-01', 'Accesible'], ['2025-05-01', '2025-07-31', 'Accesible'],
    ['2025-07-01', '2025-07-31', null], ['2025-05-01', '2025-05-31', null],
  ])('%s – %s overlaps %s', (start, end, name) => {
    expect(overlappingMonth({ ...base, enabled: true, month_start: start, month_end: end }, [june])?.nombre ?? null).toBe(name);
  });

  it('ignores disabled months on either side and the attribute itself', () => {
    expect(overlappingMonth({ ...base, month_start: '2025-06-10', month_end: '2025-06-20' }, [june])).toBeNull();
    expect(overlappingMonth({ ...july, month_start: '2025-06-10' }, [{ ...june, enabled: false }])).toBeNull();
    expect(overlappingMonth(june, [june])).toBeNull();
  });
});

describe('checkAttributeChange', () => {
  it('refuses everything in a frozen month, texts included', () => {
    expect(check(june, { tagline: 'Otra' }, true).problems).toEqual([{ field: 'atributo', status: 409, message: expect.stringMatching(/congelados/) as unknown as string }]);
  });

  it.each([
    ['texts and art of a running month', june, { tagline: 'Otra', personality: ['Nueva'] }, []],
    ['a longer month and grace', june, { month_end: '2025-06-30', sync_grace_hours: 96 }, []],
    ['a future month planned', base, { enabled: true, month_start: '2025-07-01', month_end: '2025-07-31' }, []],
    ['a future month moved', july, { month_start: '2025-08-01', month_end: '2025-08-31', quiz2_opens_at: null }, []],
    ['a future month disabled', july, { enabled: false }, []],
    ['a running month disabled', june, { enabled: false }, ['409 enabled']],
    ['a running month started later', june, { month_start: '2025-06-02' }, ['409 month_start']],
    ['a running month closed earlier', june, { month_end: '2025-06-29' }, ['409 month_end']],
    ['a running month with less grace', june, { sync_grace_hours: 48 }, ['409 sync_grace_hours']],
    ['an opened Quiz 2 moved', june, { quiz2_opens_at: '2025-06-25' }, ['409 quiz2_opens_at']],
    ['Quiz 2 moved to today', { ...june, quiz2_opens_at: '2025-06-25' }, { quiz2_opens_at: '2025-06-20' }, ['409 quiz2_opens_at']],
    ['a Quiz 2 still ahead moved further', { ...june, quiz2_opens_at: '2025-06-25' }, { quiz2_opens_at: '2025-06-27' }, []],
    ['a month over Accesible', base, { enabled: true, month_start: '2025-06-20', month_end: '2025-07-20' }, ['409 month_start']],
    ['an invalid texts stop before the rules of state', june, { nombre: '', month_start: '2025-06-02' }, ['400 nombre']],
  ] as [string, StoredAttribute, Partial<AttributeSettings>, string[]][])('%s: %j', (_about, before, changes, expected) => {
    expect(fields(before, changes)).toEqual(expected);
  });
});
