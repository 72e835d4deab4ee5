// The notifications contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/notifications re-exports them beside its schemas.
export const NOTIFICATION_PATHS = {
  /** The caller's notifications, newest first, and the unread count. */
  list: '/avisos',
  /** Marks one notification read (idempotent). */
  markRead: '/avisos/:id/leido',
  /** Marks every notification up to `hasta` (an id) read (idempotent). */
  markAllRead: '/avisos/leidos',
  /** GET the caller's preferences; PUT replaces them. */
  preferences: '/avisos/preferencias',
  /** The server's VAPID public key (public: it identifies the server to push services). */
  pushKey: '/avisos/push/clave',
  /** POST stores this device's subscription for the caller; DELETE removes it (body: its endpoint). */
  pushSubscription: '/avisos/push/suscripcion',
} as const;

/** What is notified (issue 21), one kind per event. */
export const NOTIFICATION_KINDS = ['atributo-nuevo', 'quiz2-abierto', 'premio-acreditado', 'banda-perdida', 'cupon-listo', 'imps-caducan', 'repaso'] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How the preferences screen names each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'atributo-nuevo': 'Nuevo atributo disponible',
  'quiz2-abierto': 'Se abre el Quiz 2',
  'premio-acreditado': 'Premio del mes acreditado',
  'banda-perdida': 'Sales de una posición con premio',
  'cupon-listo': 'Tu cupón está listo',
  'imps-caducan': 'Tus IMPs van a caducar',
  repaso: 'Tienes preguntas para repasar',
};
