import { describe, expect, it } from 'vitest';
import { demoCalendar } from './calendar';
import {
  bannerAttributes,
  closeReport,
  inDisplayOrder,
  isNewAttribute,
  isQuiz2Open,
  padlockOpen,
  playedPercent,
  progressAfterVideoSeen,
  progressMilestones,
  QUIZ_LOCKED_MESSAGE,
  quizButtonState,
  quizVideo,
  trainingContentCount,
  videoButtonLabel,
  type QuizProgress,
} from './training';

describe('videoButtonLabel', () => {
  it.each([
    [{ is_hable: false, visto: false, porcentaje: 0 }, 'Próximamente'],
    [{ is_hable: false, visto: true, porcentaje: 100 }, 'Próximamente'],
    [{ is_hable: true, visto: false, porcentaje: 0 }, 'Comenzar'],
    [{ is_hable: true, visto: false, porcentaje: 1 }, 'En proceso'],
    [{ is_hable: true, visto: false, porcentaje: 90 }, 'En proceso'],
    [{ is_hable: true, visto: true, porcentaje: 100 }, 'Ver de nuevo'],
    [{ is_hable: true, visto: true, porcentaje: 0 }, 'Ver de nuevo'],
  ])('%o → %s', (video, label) => {
    expect(videoButtonLabel(video)).toBe(label);
  });
});

describe('quizButtonState', () => {
  it.each<[boolean, boolean, QuizProgress, ReturnType<typeof quizButtonState>]>([
    [false, false, 'not-started', { kind: 'disabled', label: 'Próximamente' }],
    [false, true, 'completed', { kind: 'disabled', label: 'Próximamente' }],
    [true, false, 'not-started', { kind: 'locked', label: 'Comenzar', message: QUIZ_LOCKED_MESSAGE }],
    [true, false, 'completed', { kind: 'locked', label: 'Comenzar', message: QUIZ_LOCKED_MESSAGE }],
    [true, true, 'not-started', { kind: 'link', label: 'Comenzar' }],
    [true, true, 'in-progress', { kind: 'link', label: 'En proceso' }],
    [true, true, 'completed', { kind: 'link', label: 'Completado' }],
  ])('available %s, seen %s, quiz %s', (videoAvailable, videoSeen, quizState, expected) => {
    expect(quizButtonState({ videoAvailable, videoSeen, quizState })).toEqual(expected);
  });

  it('says exactly what the spec quotes', () => {
    expect(QUIZ_LOCKED_MESSAGE).toBe('Tienes que completar el video de formación para poder acceder al cuestionario.');
  });
});

describe('quizVideo', () => {
  const videos = [{ id: 12, position: 2 }, { id: 10, position: 0 }, { id: 11, position: 1 }];
  it.each([
    [1, 10],
    [2, 12],
  ] as const)('quiz %i ↔ video %i', (quiz, id) => {
    expect(quizVideo(videos, quiz)?.id).toBe(id);
  });
  it('has no video without content', () => {
    expect(quizVideo([], 1)).toBeUndefined();
    expect(quizVideo([{ id: 1, position: 0 }], 2)).toBeUndefined();
  });
});

describe('padlockOpen', () => {
  const seen = { visto: true };
  const unseen = { visto: false };
  it.each([
    [[], 2, false],
    [[seen, seen, seen], 2, true],
    [[seen, seen, seen], 1, false],
    [[seen, unseen, seen], 2, false],
    [[seen], 0, false],
  ])('%o with %i quizzes → %s', (videos, quizzes, open) => {
    expect(padlockOpen(videos, quizzes)).toBe(open);
  });
  it('counts videos plus two quizzes as the contents', () => {
    expect(trainingContentCount([1, 2])).toBe(4);
    expect(trainingContentCount([1, 2, 3])).toBe(5);
  });
});

describe('progressMilestones', () => {
  it.each([
    [0, 0, []],
    [0, 9.99, []],
    [0, 10, [10]],
    [0, 35, [10, 20, 30]],
    [10, 19, []],
    [10, 20, [20]],
    [30, 100, [40, 50, 60, 70, 80, 90, 100]],
    [90, 99.9, []],
    [90, 100, [100]],
    [100, 100, []],
    [45, 60, [50, 60]], // a close report (45) sent before: resume at the next multiple
    [0, 250, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]],
  ])('sent %d, now %d → %o', (previous, current, expected) => {
    expect(progressMilestones(previous, current)).toEqual(expected);
  });
});

describe('playedPercent', () => {
  it.each([
    [0, 6, 0],
    [3, 6, 50],
    [5.99, 6, 99],
    [6, 6, 100],
    [7, 6, 100],
    [1, 0, 0],
    [1, Number.NaN, 0],
    [1, Number.POSITIVE_INFINITY, 0],
  ])('%d of %d → %d', (time, duration, percent) => {
    expect(playedPercent(time, duration)).toBe(percent);
  });
});

describe('closeReport', () => {
  it.each([
    [0, 0, null],
    [1, 0, 1],
    [45, 40, 45],
    [45, 50, null],
    [89, 80, 89],
    [90, 80, null],
    [100, 0, null],
  ])('played %d, sent %d → %s', (played, sent, expected) => {
    expect(closeReport(played, sent)).toBe(expected);
  });
});

describe('progressAfterVideoSeen', () => {
  const three = [1, 2, 3];
  it.each([
    [0, three, 20],
    [20, three, 40],
    [60, three, 80],
    [80, three, 100],
    [100, three, 100],
    [25, [1, 2], 50],
    [0, [], 0],
  ])('from %i with %o videos → %i', (previous, videos, expected) => {
    expect(progressAfterVideoSeen(previous, videos)).toBe(expected);
  });
});

describe('calendar-driven home', () => {
  const now = new Date('2025-06-20T10:00:00Z');
  const calendar = demoCalendar(now);

  it('marks only the attribute of the running month as NEW', () => {
    expect(calendar.filter((a) => isNewAttribute(calendar, a.id, now)).map((a) => a.slug)).toEqual(['accesible']);
    expect(isNewAttribute(calendar, 3, new Date('2025-07-01T10:00:00Z'))).toBe(false);
  });

  it('orders the banners from the current month back', () => {
    expect(bannerAttributes(calendar).map((a) => a.slug)).toEqual(['accesible', 'resolutivo', 'devalor']);
  });

  it('orders tiles by display order: Confiable before Transversal', () => {
    expect(inDisplayOrder([...calendar].reverse()).map((a) => a.slug)).toEqual([
      'devalor', 'resolutivo', 'accesible', 'confiable', 'transversal', 'proactivo', 'conestilo',
    ]);
  });

  it('opens Quiz 2 from its day on', () => {
    const accesible = calendar.find((a) => a.id === 3);
    expect(accesible && isQuiz2Open(accesible, new Date('2025-06-14T12:00:00Z'))).toBe(false);
    expect(accesible && isQuiz2Open(accesible, new Date('2025-06-15T12:00:00Z'))).toBe(true);
  });
});
