// Home writes. The banner-click log event is queued in the outbox: it is recorded even
// when the click happens offline, and reaches the server once, when the device reconnects.
import { trainingPaths } from '#api/training';
import { isSimulatedNavigation } from '#offline/session';
import { runCommand } from '#offline/outbox';

/** POST /log/register "Clic banner home {slug}". Never throws: a lost log entry must not block navigation. */
export async function logHomeBannerClick(userId: number, slug: string): Promise<void> {
  if (isSimulatedNavigation()) return;
  try {
    await runCommand({
      userId,
      label: 'Registro de actividad',
      request: { method: 'POST', path: trainingPaths.logEvent, body: { action: `Clic banner home ${slug}` } },
    });
  } catch (error) {
    console.warn('Could not queue the banner click', error);
  }
}
