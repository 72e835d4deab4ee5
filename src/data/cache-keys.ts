// Every snapshot key of the device cache, in one place: the key is what a read stores under and
// what a queued command lists in `affects`, so two spellings of one key would silently stop a
// write from refreshing (or protecting) the screen that shows it. All keys are personal (wiped
// at sign-out). Owns the names only; never reads or writes the cache itself.
// The strings are stored on devices: renaming one orphans every snapshot under the old name.
import type { NudgesQuery } from '#api/coaching';
import type { RankingTarget } from '#api/ranking';
import type { CoachingFilter } from '#contract/coaching';
import { NOTIFICATIONS_KEY } from '#offline/worker-keys';

const rankingScope = ({ view, attributeId, scopeId }: RankingTarget) =>
  view === 'global' ? 'global' : `${view}:${attributeId}${scopeId ? `@${scopeId}` : ''}`;

/** Seguimiento's attribute and narrowing, as one key part: `3:2:-:15` (brand 2, any platform, site 15). */
const coachingScope = (atributo: number, { marca, plataforma, sede }: CoachingFilter) =>
  `${atributo}:${marca ?? '-'}:${plataforma ?? '-'}:${sede ?? '-'}`;

/** A simulated-navigation list; null while one of its choices is still empty (nothing to read yet). */
const navigationKey = (...parts: (string | null)[]) => (parts.some((part) => part === null) ? null : `navegacion:${parts.join('|')}`);

export const cacheKeys = {
  /** The header balance (GET imps); training, quiz, reface and redeeming all change it. */
  imps: 'imps',
  /** The programme calendar (GET atributos), shared by every screen that lists attributes. */
  attributes: 'atributos',
  /** The public run-time configuration (GET config), as signed-in screens keep it. */
  appConfig: 'app-config',
  videos: (attributeId: number) => `videos:${attributeId}`,
  progress: (attributeId: number) => `progreso:${attributeId}`,
  quiz: {
    /** Participation | null: the answer of check-start. */
    participation: (attributeId: number, quiz: number) => `quiz:${attributeId}:${quiz}`,
    bundle: (participationId: number) => `quiz-preguntas:${participationId}`,
    results: (participationId: number) => `quiz-respuestas:${participationId}`,
  },
  /** The agent's Repaso round (GET repaso), with the answers this device gave (#data/repaso). */
  repaso: 'repaso',
  reface: {
    status: (attributeId: number) => `reface-status:${attributeId}`,
    album: 'album',
    image: (path: string) => `reface-image:${path}`,
  },
  ranking: {
    page: (target: RankingTarget, page: number, search: string) => `ranking:${rankingScope(target)}:${page}:${search.trim().toLowerCase()}`,
    stats: (target: RankingTarget) => `ranking-stats:${rankingScope(target)}`,
    neighbours: (target: RankingTarget) => `ranking-neighbours:${rankingScope(target)}`,
    options: 'ranking-options',
  },
  rewards: {
    catalogue: 'catalogue',
    orders: 'orders',
    history: 'imps-history',
    /** What lapses next, per batch (issue 39). */
    lapses: 'imps-lapses',
  },
  notifications: {
    /** The notification centre (GET avisos); the service worker adds pushed ones to it (#offline/pushed-notices). */
    list: NOTIFICATIONS_KEY,
    preferences: 'avisos-preferencias',
  },
  admin: {
    orderSummary: 'order-summary',
    brands: navigationKey('marcas') as string,
    sites: (brand: string | null) => navigationKey('sedes', brand),
    platformSites: (brand: string | null, platform: string | null) => navigationKey('plataformas', brand, platform),
    agents: (brand: string | null, site: string | null) => navigationKey('agentes', brand, site),
    /** An agent's time accommodation (issue 39), by nickname. */
    timeAccommodation: (nick: string | null) => (nick === null ? null : `tiempo-adaptado:${nick}`),
  },
  /** Seguimiento (issue 20): the scope's options, then each read by attribute and narrowing. */
  coaching: {
    options: 'seguimiento-ambito',
    overview: (atributo: number, filter: CoachingFilter) => `seguimiento-resumen:${coachingScope(atributo, filter)}`,
    /** Per site: the site chosen does not narrow it. */
    bySite: (atributo: number, filter: CoachingFilter) => `seguimiento-sedes:${coachingScope(atributo, { marca: filter.marca, plataforma: filter.plataforma })}`,
    /** By the whole narrowing: a brand chosen inside a site is another list (issue 38). */
    nudges: (atributo: number, { filter, dias, page, perPage, search }: NudgesQuery) =>
      `seguimiento-rezagados:${coachingScope(atributo, filter)}:${dias ?? '-'}:${page}:${perPage}:${search.trim().toLowerCase()}`,
    questions: (atributo: number, filter: CoachingFilter) => `seguimiento-preguntas:${coachingScope(atributo, filter)}`,
  },
} as const;
