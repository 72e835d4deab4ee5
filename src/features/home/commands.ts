// Home writes: the banner-click log event (#data/log-event), queued in the outbox, so it is
// recorded even when the click happens offline and reaches the server once, on reconnection.
import { logEvent } from '#data/log-event';

/** POST /log/register "Clic banner home {slug}". Never throws: a lost log entry must not block navigation. */
export function logHomeBannerClick(userId: number, slug: string): Promise<void> {
  return logEvent(userId, `Clic banner home ${slug}`);
}
