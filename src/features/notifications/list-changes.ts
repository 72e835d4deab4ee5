import type { NotificationList } from '#contract/notifications';

// What marking read does to the centre's snapshot, before the server confirms it: the same
// outcome the server will answer, so the revalidation after the drain changes nothing visible.

/** One notification read; the count drops only if it was unread. */
export function withRead(list: NotificationList, id: number): NotificationList {
  const target = list.data.find((n) => n.id === id);
  if (!target || target.leido) return list;
  return { data: list.data.map((n) => (n.id === id ? { ...n, leido: true } : n)), no_leidos: Math.max(0, list.no_leidos - 1) };
}

/**
 * Every notification up to `hasta` read. The list holds the newest, so anything unread and
 * older than it is counted in no_leidos without being listed: what stays unread is what is
 * listed after `hasta` (pushed since the list was read).
 */
export function withAllRead(list: NotificationList, hasta: number): NotificationList {
  const data = list.data.map((n) => (n.id <= hasta && !n.leido ? { ...n, leido: true } : n));
  return { data, no_leidos: data.filter((n) => !n.leido).length };
}

/** The newest notification id listed: what "Marcar todo como leído" marks up to. */
export function newestId(list: NotificationList): number | null {
  return list.data.reduce<number | null>((max, n) => (max === null || n.id > max ? n.id : max), null);
}
