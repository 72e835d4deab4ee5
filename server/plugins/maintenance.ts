// Maintenance switch (MAINTENANCE_STATE=1): every /api request from an IP outside the
// allow-list (up to 11 addresses) gets 503 with `maintenance: 1`, so the app shows its
// maintenance screen. /api/health and /api/health/ready stay up for the load balancer (a
// server taken out of rotation could not show the maintenance screen). Never blocks the static
// app: the browser must still load the page that shows the maintenance screen.
import type { FastifyInstance } from 'fastify';
import { API_BASE, SYSTEM_PATHS } from '#contract/common';
import type { Config } from '#server/config';
import { appPlugin } from './plugin.ts';

export const MAINTENANCE_MESSAGE = 'Estamos en mantenimiento. Vuelve a intentarlo en unos minutos.';

/** '::ffff:10.0.0.1' (IPv4 on an IPv6 socket) and '10.0.0.1' are the same client. */
function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

export const maintenancePlugin = appPlugin<{ config: Config }>('maintenance', async (app: FastifyInstance, { config }) => {
  if (config.maintenanceState !== 1) return;
  const allowed = new Set(config.maintenanceAllowlist.map(normalizeIp));
  const staysUp = new Set([`${API_BASE}${SYSTEM_PATHS.health}`, `${API_BASE}${SYSTEM_PATHS.ready}`]);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!(path === API_BASE || path.startsWith(`${API_BASE}/`)) || staysUp.has(path)) return;
    if (allowed.has(normalizeIp(request.ip))) return;
    reply.code(503).header('retry-after', '300').send({ success: false, error: MAINTENANCE_MESSAGE, maintenance: 1 });
    return reply;
  });
});
