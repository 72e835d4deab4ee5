// The sections of a programme pack, in the order an import writes them: the calendar and its
// attributes first (everything else hangs from an attribute), then videos, quizzes, the prize
// catalogue and the prize tiers. Each is written beside its area's routes (<area>/pack.ts).
import type { PackSection } from '../pack-section.ts';

/** A section of any shape: the pack moves its data between parse, media and write without looking inside. */
export type AnyPackSection = PackSection<unknown>;

export const PACK_SECTIONS: readonly AnyPackSection[] = [];
