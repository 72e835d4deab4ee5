// The training module's lead sentence (spec 4: "complete the four training contents to unlock
// the padlock"). The four are counted from the data: the formative videos (position 0 is the
// presentation, spec 4: "the rest formative content") and the quizzes. Pure copy, no I/O.
import type { Video } from '#contract/training';
import { QUIZZES_PER_ATTRIBUTE } from '#domain/training';

const NUMBERS = ['cero', 'un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez'];

/** How many formative contents the lead names: formative videos plus the quizzes. */
export function formativeContentCount(videos: readonly Pick<Video, 'position'>[]): number {
  return videos.filter((v) => v.position > 0).length + QUIZZES_PER_ATTRIBUTE;
}

/** "Completa los cuatro contenidos formativos…", or "todos los" while the videos are unknown. */
export function moduleLead(videos: readonly Pick<Video, 'position'>[] | undefined): string {
  const count = videos ? formativeContentCount(videos) : null;
  const which = count === null ? 'todos los' : `los ${NUMBERS[count] ?? count}`;
  return `Completa ${which} contenidos formativos para desbloquear el candado y gana premios según tu posición en el ranking.`;
}
