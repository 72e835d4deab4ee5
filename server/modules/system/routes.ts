// Public system routes: GET /api/health (up once migrations ran, which buildApp requires)
// and GET /api/config (what the app needs before sign-in). Never exposes secrets.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { healthSchema } from '#contract/common';
import type { AppConfig } from '#contract/session';
import type { AppDeps } from '#server/deps';
import { DEMO_USERS } from '#server/seed/demo-users';

type HealthResponse = z.infer<typeof healthSchema>;

export async function systemRoutes(app: FastifyInstance, { config }: Pick<AppDeps, 'config'>): Promise<void> {
  app.get('/health', { config: { auth: 'public' } }, async (): Promise<HealthResponse> => ({ status: 'ok' }));

  app.get('/config', { config: { auth: 'public' } }, async (): Promise<AppConfig> => ({
    googleClientId: config.googleClientId,
    demoMode: config.demoMode,
    demoUsers: config.demoMode ? DEMO_USERS.map(({ email, label }) => ({ email, label })) : [],
    partnerRedeemUrl: config.partnerRedeemUrl,
    supervisorIdleMinutes: config.supervisorIdleMinutes,
    maintenance: config.maintenanceState,
    corporateDomain: config.corporateDomain,
  }));
}
