// Programa: the back-office where an admin runs the programme (issue 35). Each area registers
// its own routes; every route starts with programmeEditor(request) (admin only, 403 otherwise).
import type { FastifyInstance } from 'fastify';
import type { ProgrammeDeps } from './deps.ts';
import { calendarRoutes } from './calendar/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { packRoutes } from './pack/routes.ts';
import { prizesRoutes } from './prizes/routes.ts';
import { quizzesRoutes } from './quizzes/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { videosRoutes } from './videos/routes.ts';

export async function programmeRoutes(app: FastifyInstance, deps: ProgrammeDeps): Promise<void> {
  await app.register(calendarRoutes, deps);
  await app.register(videosRoutes, deps);
  await app.register(quizzesRoutes, deps);
  await app.register(catalogueRoutes, deps);
  await app.register(prizesRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(packRoutes, deps);
}
