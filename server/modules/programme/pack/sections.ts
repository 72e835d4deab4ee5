// The sections of a programme pack, in the order an import writes them: the calendar and its
// attributes first (everything else hangs from an attribute), then videos, quizzes, the prize
// catalogue and the prize tiers. Each is written beside its area's routes (<area>/pack.ts).
import { calendarPackSection } from '../calendar/pack.ts';
import { cataloguePackSection } from '../catalogue/pack.ts';
import type { PackSection } from '../pack-section.ts';
import { prizesPackSection } from '../prizes/pack.ts';
import { quizzesPackSection } from '../quizzes/pack.ts';
import { videosPackSection } from '../videos/pack.ts';

/** A section of any shape: the pack moves its data between parse, media and write without looking inside. */
export type AnyPackSection = PackSection<unknown>;

export const PACK_SECTIONS: readonly AnyPackSection[] = [
  calendarPackSection, videosPackSection, quizzesPackSection, cataloguePackSection, prizesPackSection,
];
