// Descargar (spec 7): the workbook from GET descargar-listado-latam, saved as
// Resumen-pedidos.xlsx. Online only; a failure says "Error al descargar el archivo."
import { ORDER_SUMMARY_FILE_NAME } from '#contract/admin';
import { downloadOrderSummary } from '#api/admin';

export const DOWNLOAD_FAILED = 'Error al descargar el archivo.';

export async function saveOrderSummary(): Promise<void> {
  const blob = await downloadOrderSummary();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = ORDER_SUMMARY_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next task: some browsers start reading the blob only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
