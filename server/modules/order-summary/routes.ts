// LATAM order summary (spec 7): GET /listado-peru { listado } and GET /descargar-listado-latam
// (the Resumen-pedidos.xlsx bytes). LATAM and admin only; never cached by the browser's HTTP
// cache (the app keeps its own snapshot in Dexie).
import type { FastifyInstance } from 'fastify';
import { ORDER_SUMMARY_FILE_NAME } from '#contract/admin';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { createOrderSummaryService } from './service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function orderSummaryRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db'>): Promise<void> {
  const summary = createOrderSummaryService(deps);

  app.get('/listado-peru', async (request, reply) => {
    const listado = await summary.list(currentUser(request));
    reply.header('cache-control', 'private, no-store');
    return { listado };
  });

  app.get('/descargar-listado-latam', async (request, reply) => {
    const bytes = await summary.workbook(currentUser(request));
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${ORDER_SUMMARY_FILE_NAME}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}
