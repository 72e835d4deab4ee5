// "actualizado hace …": how old a cached snapshot is, in the product's Spanish.
// Owns only the wording and the thresholds; pure (now is passed in), no I/O.
// Never shows a future time: a device clock behind the server reads as "unos segundos".

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Short style gives "hace 5 min" / "hace 2 h"; days read better long ("hace 3 días", not "3 d").
const short = new Intl.RelativeTimeFormat('es', { numeric: 'always', style: 'short' });
const long = new Intl.RelativeTimeFormat('es', { numeric: 'always', style: 'long' });

/** Age of a snapshot fetched at `fetchedAt` (ms epoch), seen at `now`. */
export function formatAge(fetchedAt: number, now: number): string {
  const age = now - fetchedAt;
  if (age < MINUTE) return 'actualizado hace unos segundos';
  if (age < HOUR) return `actualizado ${short.format(-Math.floor(age / MINUTE), 'minute')}`;
  if (age < DAY) return `actualizado ${short.format(-Math.floor(age / HOUR), 'hour')}`;
  return `actualizado ${long.format(-Math.floor(age / DAY), 'day')}`;
}
