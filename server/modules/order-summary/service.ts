// The LATAM order summary (spec 2 "/listado-usuarios"): the list and its Resumen-pedidos.xlsx,
// for LATAM and admin only (#domain/profiles). Dates in the workbook are dd/mm/yyyy hh:mm in
// Spain's time, as the screen shows them; text cells go through writeXlsx's formula guard.
import type { OrderSummaryRow } from '#contract/admin';
import { canSeeOrderSummary } from '#domain/profiles';
import { formatDateTime } from '#domain/format';
import type { AppDeps } from '#server/deps';
import type { UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { writeXlsx } from '#server/spreadsheets/write';
import { listOrderSummary } from './repository.ts';

export const NO_ACCESS = 'No tienes acceso a esta sección';
/** The workbook's dates: the programme runs in Spain (the screen uses the device's zone). */
const WORKBOOK_TIME_ZONE = 'Europe/Madrid';

export const ORDER_SUMMARY_HEADER = ['#', 'Nombre', 'Nick', 'Email', 'Producto', 'Puntos', 'Cantidad', 'Fecha del canje'];

export function createOrderSummaryService({ db }: Pick<AppDeps, 'db'>) {
  function assertAccess(user: UserRow): void {
    if (!canSeeOrderSummary(user.perfil)) throw new HttpError(403, NO_ACCESS);
  }

  return {
    async list(user: UserRow): Promise<OrderSummaryRow[]> {
      assertAccess(user);
      return listOrderSummary(db);
    },

    async workbook(user: UserRow): Promise<Buffer> {
      assertAccess(user);
      const rows = await listOrderSummary(db);
      return writeXlsx([{
        name: 'Resumen de pedidos',
        header: ORDER_SUMMARY_HEADER,
        rows: rows.map((r, i) => [
          i + 1, r.user.name, r.user.nick_name ?? '', r.user.email, r.nombre_producto, r.puntos, r.cantidad,
          formatDateTime(r.validity_start, WORKBOOK_TIME_ZONE) ?? '-',
        ]),
        widths: [6, 28, 18, 32, 32, 10, 10, 18],
      }]);
    },
  };
}
