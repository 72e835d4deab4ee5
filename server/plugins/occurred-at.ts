// Reads X-Occurred-At (when a queued action really happened) into request.occurredAt,
// clamped by #domain/occurred-at: absent, invalid or future means now; never before the
// session delivering it began (registered after the auth plugin, so request.session is set),
// nor older than 30 days. Never trusts the header for anything but that moment.
import type { FastifyInstance } from 'fastify';
import { OCCURRED_AT_HEADER } from '#contract/common';
import { resolveOccurredAt } from '#domain/occurred-at';
import { appPlugin } from './plugin.ts';

declare module 'fastify' {
  interface FastifyRequest {
    occurredAt: Date;
  }
}

const HEADER = OCCURRED_AT_HEADER.toLowerCase();

export const occurredAtPlugin = appPlugin<{ clock: () => Date }>('occurred-at', async (app: FastifyInstance, { clock }) => {
  app.decorateRequest('occurredAt', null as unknown as Date);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[HEADER];
    // Without the auth plugin (unit tests) request.session is not decorated at all.
    const sessionStart = request.session?.startedAt ?? null;
    request.occurredAt = resolveOccurredAt(Array.isArray(header) ? header[0] : header, clock(), sessionStart);
  });
});
