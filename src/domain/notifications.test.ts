import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '#contract/notifications';
import { demoCalendar } from './calendar';
import { agentsWhoLeftBand, dueCalendarEvents, inPrizeBand, mayBeNotified, notificationEventKeys, notificationText, pushSendAt, type NotificationFacts } from './notifications';

const ACCESIBLE = { slug: 'accesible', nombre: 'Accesible' };

describe('notificationText', () => {
  const facts: Record<(typeof NOTIFICATION_KINDS)[number], NotificationFacts> = {
    'atributo-nuevo': { kind: 'atributo-nuevo', attribute: ACCESIBLE },
    'quiz2-abierto': { kind: 'quiz2-abierto', attribute: ACCESIBLE },
    'premio-acreditado': { kind: 'premio-acreditado', attribute: ACCESIBLE, amount: 300 },
    'banda-perdida': { kind: 'banda-perdida', attribute: ACCESIBLE },
    'cupon-listo': { kind: 'cupon-listo', productName: 'Tarjeta regalo Mercado Verde' },
    'imps-caducan': { kind: 'imps-caducan', amount: 1120, expiresAt: new Date('2027-03-03T10:00:00Z'), daysBefore: 30 },
    repaso: { kind: 'repaso', questions: 5 },
  };

  it.each([
    ['atributo-nuevo', 'Nuevo atributo: Accesible', '/dashboard/accesible'],
    ['quiz2-abierto', 'Ya puedes hacer el Quiz 2', '/cuestionario/accesible/quizz/2'],
    ['premio-acreditado', '¡Premio acreditado!', '/mis-ingresos'],
    ['banda-perdida', 'Te han adelantado', '/ranking/accesible'],
    ['cupon-listo', 'Tu cupón está listo', '/mis-ordenes'],
    ['imps-caducan', 'Tus IMPs caducan en un mes', '/mis-ingresos'],
    ['repaso', 'Tienes un Repaso', '/repaso'],
  ] as const)('%s: "%s", opens %s', (kind, titulo, url) => {
    const text = notificationText(facts[kind]);
    expect(text).toMatchObject({ titulo, url });
    // Short enough for a phone's notification shade.
    expect(text.titulo.length).toBeLessThanOrEqual(40);
    expect(text.texto.length).toBeLessThanOrEqual(110);
  });

  it('names what lapses and the day, in Spanish, a week before too', () => {
    expect(notificationText(facts['imps-caducan']).texto).toBe('1120 IMPs caducan el 3 de marzo. Úsalos antes.');
    expect(notificationText({ kind: 'imps-caducan', amount: 120, expiresAt: new Date('2027-03-03T10:00:00Z'), daysBefore: 7 })).toMatchObject({
      titulo: 'Tus IMPs caducan esta semana', texto: '120 IMPs caducan el 3 de marzo. Úsalos antes.',
    });
    expect(notificationEventKeys.impsLapsing('2027-03-03', 30)).not.toBe(notificationEventKeys.impsLapsing('2027-03-03', 7));
  });

  it('names the amount and the attribute of a prize', () => {
    expect(notificationText(facts['premio-acreditado']).texto).toBe('Has recibido 300 IMPs por el ranking de Accesible.');
  });
});

describe('mayBeNotified', () => {
  it.each([['', true], ['  ', true], ['admin', false], ['INTERNO', false], ['plataforma', false], ['LATAM', false], [null, false]])('perfil %j: %s', (perfil, expected) => {
    expect(mayBeNotified(perfil)).toBe(expected);
  });
});

describe('notificationEventKeys', () => {
  it('keys a lost band by the programme day: once a day at most', () => {
    expect(notificationEventKeys.bandLost(3, new Date('2025-06-20T21:59:00Z'))).toBe('banda-perdida:3:2025-06-20');
    expect(notificationEventKeys.bandLost(3, new Date('2025-06-20T22:00:00Z'))).toBe('banda-perdida:3:2025-06-21');
    expect(notificationEventKeys.couponReady(7)).toBe('cupon-listo:7');
  });
});

describe('dueCalendarEvents', () => {
  const calendar = demoCalendar(new Date('2025-06-20T10:00:00Z'));
  const due = (iso: string) => dueCalendarEvents(calendar, new Date(iso)).map((e) => `${e.kind}:${e.attribute.id}`);

  it.each([
    ['2025-05-31T21:59:00Z', []], // 31 May, 23:59 in Madrid: June has not begun
    ['2025-05-31T22:00:00Z', ['atributo-nuevo:3']], // 1 June, 00:00 in Madrid
    ['2025-06-03T10:00:00Z', ['atributo-nuevo:3']], // two days late still tells it
    ['2025-06-04T10:00:00Z', []],
    ['2025-06-15T10:00:00Z', ['quiz2-abierto:3']],
    ['2025-06-17T10:00:00Z', ['quiz2-abierto:3']],
    ['2025-06-18T10:00:00Z', []],
  ] as const)('%s: %j', (iso, expected) => {
    expect(due(iso)).toEqual(expected);
  });

  it('never tells about a closed month or a disabled attribute', () => {
    const closed = [{ id: 2, enabled: true, month_start: '2025-05-01', month_end: '2025-05-31', quiz2_opens_at: '2025-05-31' }];
    expect(dueCalendarEvents(closed, new Date('2025-06-01T10:00:00Z'))).toEqual([]);
    const disabled = [{ id: 4, enabled: false, month_start: '2025-06-20', month_end: '2025-06-30', quiz2_opens_at: null }];
    expect(dueCalendarEvents(disabled, new Date('2025-06-20T10:00:00Z'))).toEqual([]);
  });
});

describe('prize bands', () => {
  it('uses the site tiers by active agents', () => {
    expect(inPrizeBand({ userId: 1, position: 3, agents: 29 })).toBe(true);
    expect(inPrizeBand({ userId: 1, position: 4, agents: 29 })).toBe(false);
    expect(inPrizeBand({ userId: 1, position: 6, agents: 31 })).toBe(true);
  });

  it('finds who was in a band and is in none now', () => {
    const now = [
      { userId: 10, position: 1, agents: 10 }, { userId: 11, position: 2, agents: 10 },
      { userId: 12, position: 3, agents: 10 }, { userId: 13, position: 4, agents: 10 },
    ];
    expect(agentsWhoLeftBand([11, 13, 14, 15], now)).toEqual([13, 14, 15]);
    expect(agentsWhoLeftBand([], now)).toEqual([]);
  });
});

describe('pushSendAt', () => {
  const at = (iso: string) => pushSendAt('atributo-nuevo', new Date(iso)).toISOString();

  it.each([
    ['2025-06-20T10:00:00Z', '2025-06-20T10:00:00.000Z'], // 12:00 in Madrid: now
    ['2025-06-20T19:30:00Z', '2025-06-21T07:00:00.000Z'], // 21:30 in Madrid: 9:00 next morning
    ['2025-06-19T22:30:00Z', '2025-06-20T07:00:00.000Z'], // 00:30 in Madrid
    ['2025-01-15T06:10:00Z', '2025-01-15T08:00:00.000Z'], // winter, 7:10 in Madrid
  ])('a notice at %s goes at %s', (iso, expected) => {
    expect(at(iso)).toBe(expected);
  });

  it('sends a ready coupon at once, whatever the hour', () => {
    expect(pushSendAt('cupon-listo', new Date('2025-06-19T22:30:00Z')).toISOString()).toBe('2025-06-19T22:30:00.000Z');
  });
});
