// The activity log (POST /log/register, spec 7): banner clicks, "Clic vídeo", "Fin video",
// "Finaliza quizz", "Realiza el reface". One command for every screen that logs. Queued in the
// outbox, so an event that happens offline is recorded and reaches the server once.
// Never throws and never blocks: a lost log entry must not stop training, a quiz or navigation.
import { TRAINING_PATHS } from '#contract/training-constants';
import { runCommand } from '#offline/outbox';
import { isSimulatedNavigation } from '#offline/session';

/**
 * Queues the event `action` for `userId`. Nothing is queued while a supervisor browses as an
 * agent: the server refuses every write of that session.
 */
export async function logEvent(userId: number, action: string): Promise<void> {
  if (isSimulatedNavigation()) return;
  try {
    await runCommand({
      userId,
      label: 'Registro de actividad',
      subject: { kind: 'log-event' },
      request: { method: 'POST', path: TRAINING_PATHS.logEvent, body: { action } },
    });
  } catch (error) {
    console.warn('Could not queue the log event', error);
  }
}
