// The Repaso contract's plain values (paths, names): no zod, so the app's screens import them
// without the validation library. #contract/repaso re-exports them beside its schemas.
export const REPASO_PATHS = {
  /** The caller's due round (at most 5 questions, with their correct option and explanation). */
  round: '/repaso',
  /** One Repaso answer (queued offline: idempotent; earns nothing). */
  answer: '/repaso/:pregunta/respuesta',
} as const;

/** A question's one-line explanation, at most this many characters. */
export const EXPLANATION_MAX = 300;
