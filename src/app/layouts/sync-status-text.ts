// The words of the sync indicator. Pure: counts in, Spanish out.
import { formatNumber } from '#domain/format';

/** "+15 IMPs pendientes de sincronizar", or "3 acciones pendientes…" when they bring no IMPs. */
export function pendingText(pending: number, imps: number): string | null {
  if (pending <= 0) return null;
  if (imps > 0) return `+${formatNumber(imps)} IMPs pendientes de sincronizar`;
  return pending === 1 ? '1 acción pendiente de sincronizar' : `${formatNumber(pending)} acciones pendientes de sincronizar`;
}

/** "1 acción rechazada", "2 acciones rechazadas". */
export function failedText(failed: number): string {
  return failed === 1 ? '1 acción rechazada' : `${formatNumber(failed)} acciones rechazadas`;
}
