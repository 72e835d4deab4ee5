// Avisos (issue 21): what each kind of notification says and where a tap goes, who may be
// notified, the event keys that make every event happen once per user (a lost prize band at
// most once a day), which calendar events are due, and when a push may go out.
// Pure: `now` and the facts are passed in; never reads the clock, a database or the network.
// The server's SQL mirrors mayBeNotified (agents: empty perfil) and uses these keys verbatim.
import type { NotificationKind } from '#contract/notifications';
import { calendarDay, PROGRAMME_TIME_ZONE, type CalendarEntry } from './calendar';
import { formatDayMonth, formatNumber } from './format';
import { paths } from './paths';
import { isAgentProfile } from './profiles';
import { prizeTierOf, prizeTiers } from './ranking';
import { dateTimeFormat } from './date-format';
import { repasoHomeLine } from './repaso';

/** What a notification shows: a short Spanish title and text, and the app screen a tap opens. */
export interface NotificationText {
  titulo: string;
  texto: string;
  url: string;
}

/** The facts each kind's text needs. */
export type NotificationFacts =
  | { kind: 'atributo-nuevo'; attribute: { slug: string; nombre: string } }
  | { kind: 'quiz2-abierto'; attribute: { slug: string; nombre: string } }
  | { kind: 'premio-acreditado'; attribute: { nombre: string }; amount: number }
  | { kind: 'banda-perdida'; attribute: { slug: string; nombre: string } }
  | { kind: 'cupon-listo'; productName: string }
  | { kind: 'imps-caducan'; amount: number; expiresAt: Date; daysBefore: number }
  | { kind: 'repaso'; questions: number };

export function notificationText(facts: NotificationFacts): NotificationText {
  switch (facts.kind) {
    case 'atributo-nuevo':
      return {
        titulo: `Nuevo atributo: ${facts.attribute.nombre}`,
        texto: 'Ya puedes ver sus vídeos y hacer el Quiz 1.',
        url: paths.dashboard.getHref(facts.attribute.slug),
      };
    case 'quiz2-abierto':
      return {
        titulo: 'Ya puedes hacer el Quiz 2',
        texto: `El Quiz 2 de ${facts.attribute.nombre} está abierto.`,
        url: paths.quiz.getHref(facts.attribute.slug, 2),
      };
    case 'premio-acreditado':
      return {
        titulo: '¡Premio acreditado!',
        texto: `Has recibido ${formatNumber(facts.amount)} IMPs por el ranking de ${facts.attribute.nombre}.`,
        url: paths.history.getHref(),
      };
    case 'banda-perdida':
      return {
        titulo: 'Te han adelantado',
        texto: `Has salido de los puestos con premio de tu sede en ${facts.attribute.nombre}. Aún estás a tiempo.`,
        url: paths.ranking.getHref(facts.attribute.slug),
      };
    case 'cupon-listo':
      return {
        titulo: 'Tu cupón está listo',
        texto: `Ya tienes ${facts.productName} en Mis Premios.`,
        url: paths.orders.getHref(),
      };
    case 'imps-caducan':
      return {
        titulo: facts.daysBefore <= 7 ? 'Tus IMPs caducan esta semana' : 'Tus IMPs caducan en un mes',
        texto: `${formatNumber(facts.amount)} IMPs caducan el ${formatDayMonth(facts.expiresAt, PROGRAMME_TIME_ZONE) ?? ''}. Úsalos antes.`,
        url: paths.history.getHref(),
      };
    case 'repaso':
      return {
        titulo: 'Tienes un Repaso',
        texto: `${repasoHomeLine(facts.questions)}, sin tiempo y sin IMPs: para que no se te olviden.`,
        url: paths.repaso.getHref(),
      };
  }
}

/** Only agents are notified: staff (and supervisors browsing as agents) never hear about agents' events. */
export function mayBeNotified(perfil: string | null | undefined): boolean {
  return isAgentProfile(perfil);
}

/**
 * One event, one key per user: a second run of the same event stores and pushes nothing.
 * A lost band is keyed by the programme day, so an agent hears it at most once a day.
 */
export const notificationEventKeys = {
  attributeOpened: (attributeId: number) => `atributo-nuevo:${attributeId}`,
  quiz2Opened: (attributeId: number) => `quiz2-abierto:${attributeId}`,
  prizeCredited: (attributeId: number) => `premio-acreditado:${attributeId}`,
  bandLost: (attributeId: number, now: Date) => `banda-perdida:${attributeId}:${calendarDay(now)}`,
  couponReady: (orderId: number) => `cupon-listo:${orderId}`,
  /** A batch (its lapse day) and the lead (30 or 7 days): each notice once, whatever the runs. */
  impsLapsing: (day: string, daysBefore: number) => `imps-caducan:${day}:${daysBefore}`,
  /** A Repaso round, by the first day its questions were due: told once, however long it waits. */
  repasoDue: (since: string) => `repaso:${since}`,
};

/** A calendar event missed while no server ran is still told this many days late, not later. */
export const CALENDAR_CATCH_UP_DAYS = 2;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

type Dated = Pick<CalendarEntry, 'id' | 'enabled' | 'month_start' | 'month_end' | 'quiz2_opens_at'>;

/** The attribute openings and Quiz 2 openings due today: reached, recent, and inside their month. */
export function dueCalendarEvents<T extends Dated>(calendar: readonly T[], now: Date): { kind: 'atributo-nuevo' | 'quiz2-abierto'; attribute: T }[] {
  const today = calendarDay(now);
  const recent = (day: string | null) => day !== null && day <= today && daysBetween(day, today) <= CALENDAR_CATCH_UP_DAYS;
  return calendar.flatMap((attribute) => {
    if (!attribute.enabled || attribute.month_end === null || today > attribute.month_end) return [];
    return [
      ...(recent(attribute.month_start) ? [{ kind: 'atributo-nuevo' as const, attribute }] : []),
      ...(recent(attribute.quiz2_opens_at) ? [{ kind: 'quiz2-abierto' as const, attribute }] : []),
    ];
  });
}

/** One agent's place in their site's monthly ranking, with how many agents that ranking has. */
export interface SitePlace {
  userId: number;
  position: number;
  agents: number;
}

/** Whether a place wins a site prize now (tiers by the site's active agents). */
export function inPrizeBand(place: SitePlace): boolean {
  return prizeTierOf(place.position, prizeTiers(place.agents)) !== null;
}

/** Who was in a prize band at the last check and is in none now. */
export function agentsWhoLeftBand(previous: readonly number[], current: readonly SitePlace[]): number[] {
  const still = new Set(current.filter(inPrizeBand).map((p) => p.userId));
  return previous.filter((userId) => !still.has(userId));
}

/** Pushes wait for the day: none before 9:00 or from 21:00, programme time. */
export const PUSH_HOURS = { from: 9, until: 21 } as const;

function programmeHour(now: Date, timeZone: string): number {
  return Number(dateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));
}

/**
 * When a push about `kind` may go out: now during the day, else at the next 9:00 in the
 * programme's time zone. A coupon the agent is waiting for goes at once.
 */
export function pushSendAt(kind: NotificationKind, now: Date, timeZone: string = PROGRAMME_TIME_ZONE): Date {
  const hour = programmeHour(now, timeZone);
  if (kind === 'cupon-listo' || (hour >= PUSH_HOURS.from && hour < PUSH_HOURS.until)) return now;
  // Step to the next whole hour until it is 9:00 there (at most 12 steps; DST-safe).
  let at = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  while (programmeHour(at, timeZone) !== PUSH_HOURS.from) at = new Date(at.getTime() + 3_600_000);
  return at;
}

/** Notices older than this are forgotten (the centre lists the newest 50 anyway). */
export const NOTIFICATION_RETENTION_DAYS = 180;

/** How long a push service keeps an undelivered message: a day-old notice is no longer news. */
export const PUSH_TTL_SECONDS = 86_400;
