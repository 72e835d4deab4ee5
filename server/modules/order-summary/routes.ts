// LATAM order summary (spec 7): GET /listado-peru { listado } and GET /descargar-listado-latam
// (the Resumen-pedidos.xlsx bytes). LATAM and admin only; never cached by the browser's HTTP
// cache (the app keeps its own snapshot in Dexie).
import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS, ORDER_SUMMARY_FILE_NAME, orderSummaryResponseSchema } from '#contract/admin';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createOrderSummaryService } from './service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function orderSummaryRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const summary = createOrderSummaryService(deps);

  api.get(ADMIN_PATHS.orderSummary, { schema: { response: replies(orderSummaryResponseSchema) } }, async (request, reply) => {
    const listado = await summary.list(currentUser(request));
    reply.header('cache-control', 'private, no-store');
    return { listado };
  });

  // Workbook bytes: no JSON body, so no response schema (its errors are the errors plugin's JSON).
  api.get(ADMIN_PATHS.orderSummaryDownload, async (request, reply) => {
    const bytes = await summary.workbook(currentUser(request));
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${ORDER_SUMMARY_FILE_NAME}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}
