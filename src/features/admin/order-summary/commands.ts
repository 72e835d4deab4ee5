// Descargar (spec 7): the workbook from GET descargar-listado-latam, saved as
// Resumen-pedidos.xlsx. Online only; a failure says "Error al descargar el archivo."
import { ORDER_SUMMARY_FILE_NAME } from '#contract/admin-constants';
import { downloadOrderSummary } from '#api/admin';
import { saveFile } from '#components/save-file';

export const DOWNLOAD_FAILED = 'Error al descargar el archivo.';

export async function saveOrderSummary(): Promise<void> {
  const blob = await downloadOrderSummary();
  saveFile(blob, ORDER_SUMMARY_FILE_NAME);
}
