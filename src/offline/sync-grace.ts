// Which pending outbox rows the header's sync line counts. Pure: rows, the network and `now`
// in, rows out. Online, a row just queued leaves within a moment (the drain sends it at once),
// so counting it would only flash "Por enviar: 1 respuesta" under every answer; it counts once
// it has waited past a short grace or a send has failed. Offline, nothing leaves: every row
// counts at once.

/** The part of an outbox row the rule reads. */
export interface QueuedRowFacts {
  /** ISO moment the row was queued (outbox.ts sets it to the moment it is added). */
  occurredAt: string;
  /** Sends tried and failed so far (0 for a row no send has touched yet). */
  attempts: number;
}

/** How long, online, a freshly queued row may take to leave before the sync line counts it. */
export const SEND_GRACE_MS = 5_000;

function dueAt(row: QueuedRowFacts): number {
  const queued = Date.parse(row.occurredAt);
  return Number.isNaN(queued) ? 0 : queued + SEND_GRACE_MS;
}

/** The rows the sync line counts now: all of them offline; online, those late or retried. */
export function rowsToCount<T extends QueuedRowFacts>(rows: readonly T[], online: boolean, now: number): T[] {
  if (!online) return [...rows];
  return rows.filter((row) => row.attempts > 0 || dueAt(row) <= now);
}

/** When the next row not counted yet would start counting (ms epoch), or null if none waits. */
export function nextCountAt(rows: readonly QueuedRowFacts[], online: boolean, now: number): number | null {
  if (!online) return null;
  let next: number | null = null;
  for (const row of rows) {
    if (row.attempts > 0) continue;
    const due = dueAt(row);
    if (due > now && (next === null || due < next)) next = due;
  }
  return next;
}
