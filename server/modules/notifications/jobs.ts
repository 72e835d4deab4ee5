// Every job of the notification centre, for the job runner: the event jobs (events.ts) and the
// push job (sender.ts); and what a server does on start: the VAPID pair generated and stored
// when the configuration has none (demo mode), the hourly check scheduled. server.ts calls
// these; nothing here runs by itself.
import type { AppDeps } from '#server/deps';
import { alongside, type JobHandler } from '#server/jobs/runner';
import { notificationEventHandlers, scheduleNotificationChecks } from './events.ts';
import { PUSH_SEND_JOB } from './notify.ts';
import { PUSH_CONCURRENCY, pushSendHandler } from './sender.ts';
import { createVapidSource } from './vapid.ts';

/** On start: the VAPID pair exists before any device asks for it, and the hourly check is queued. */
export async function startNotifications(deps: Pick<AppDeps, 'db' | 'config'>, now: Date): Promise<void> {
  await createVapidSource(deps).keys();
  await scheduleNotificationChecks(deps.db, now);
}

export function notificationJobHandlers(deps: AppDeps, logger?: { warn(obj: object, msg: string): void }): Record<string, JobHandler> {
  return {
    ...notificationEventHandlers(deps),
    // Beside the runner's loop: a push service that hangs until the timeout holds up no other job.
    [PUSH_SEND_JOB]: alongside(pushSendHandler(deps, createVapidSource(deps), logger), PUSH_CONCURRENCY),
  };
}
