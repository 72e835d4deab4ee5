// "actualizado hace …" and "Última sincronización hace …": how old cached data or the last
// sync is, in the product's Spanish.
// Owns only the wording and the thresholds; pure (now is passed in), no I/O.
// Never shows a future time: a device clock behind the server reads as "hace poco".

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Short style gives "hace 5 min" / "hace 2 h"; days read better long ("hace 3 días", not "3 d").
// Built on first use, not when the module loads (the signed-in layout imports it): a first Intl
// object costs ~10 ms of the page's start-up (src/domain/format.ts).
let formats: { short: Intl.RelativeTimeFormat; long: Intl.RelativeTimeFormat } | undefined;
const relative = () =>
  (formats ??= {
    short: new Intl.RelativeTimeFormat('es', { numeric: 'always', style: 'short' }),
    long: new Intl.RelativeTimeFormat('es', { numeric: 'always', style: 'long' }),
  });

/** "hace 5 min" for something that happened at `at` (ms epoch), seen at `now`. */
function ago(at: number, now: number): string {
  const age = now - at;
  // Short on purpose: on a phone it shares the one-line sync status with "Sin conexión".
  if (age < MINUTE) return 'hace poco';
  const { short, long } = relative();
  if (age < HOUR) return short.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return short.format(-Math.floor(age / HOUR), 'hour');
  return long.format(-Math.floor(age / DAY), 'day');
}

/** Age of a snapshot fetched at `fetchedAt` (ms epoch), seen at `now`. */
export function formatAge(fetchedAt: number, now: number): string {
  return `actualizado ${ago(fetchedAt, now)}`;
}

/** "Última sincronización hace 2 min": when queued work last reached the server. */
export function formatLastSync(syncedAt: number, now: number): string {
  return `Última sincronización ${ago(syncedAt, now)}`;
}
