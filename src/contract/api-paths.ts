// The API's path table: every path group of the contract in one list, each pattern once. The
// tests that prove both sides follow the contract read it (the server serves exactly these
// paths; no copy of one is written outside src/contract). Holds no path of its own.
import { ADMIN_PATHS } from '#contract/admin';
import { ATTRIBUTE_PATHS } from '#contract/attributes';
import { COACHING_PATHS } from '#contract/coaching';
import { SYSTEM_PATHS } from '#contract/common';
import { NOTIFICATION_PATHS } from '#contract/notifications';
import { POINTS_PATHS } from '#contract/points';
import { PROGRAMME_CALENDAR_PATHS } from '#contract/programme-calendar-constants';
import { PROGRAMME_CATALOGUE_PATHS } from '#contract/programme-catalogue-constants';
import { PROGRAMME_PRIZES_PATHS } from '#contract/programme-prizes-constants';
import { PROGRAMME_VIDEOS_PATHS } from '#contract/programme-videos-constants';
import { PROGRAMME_QUIZZES_PATHS } from '#contract/programme-quizzes-constants';
import { PACK_PATHS } from '#contract/programme-pack';
import { PROGRAMME_SETTINGS_PATHS } from '#contract/programme-settings-constants';
import { QUIZ_PATHS } from '#contract/quiz';
import { RANKING_PATHS, RANKING_SCOPES, type RankingScope } from '#contract/ranking';
import { REFACE_PATHS } from '#contract/reface';
import { REPASO_PATHS } from '#contract/repaso-constants';
import { REWARDS_PATHS } from '#contract/rewards';
import { AUTH_PATHS } from '#contract/session';
import { SYNC_PATHS } from '#contract/sync';
import { TRAINING_PATHS } from '#contract/training';

const GROUPS = [SYSTEM_PATHS, AUTH_PATHS, ADMIN_PATHS, ATTRIBUTE_PATHS, COACHING_PATHS, NOTIFICATION_PATHS, POINTS_PATHS, QUIZ_PATHS, RANKING_PATHS, REFACE_PATHS, REWARDS_PATHS, SYNC_PATHS, TRAINING_PATHS, PACK_PATHS,
  PROGRAMME_CATALOGUE_PATHS, PROGRAMME_PRIZES_PATHS, PROGRAMME_CALENDAR_PATHS, PROGRAMME_SETTINGS_PATHS,
  PROGRAMME_QUIZZES_PATHS,
  PROGRAMME_VIDEOS_PATHS,
  REPASO_PATHS];

/** Every pattern, relative to API_BASE; a per-scope pattern once for each scope. */
export function allApiPaths(): string[] {
  return GROUPS.flatMap((group) =>
    Object.values(group).flatMap((entry: string | ((scope: RankingScope) => string)) =>
      typeof entry === 'string' ? [entry] : RANKING_SCOPES.map((scope) => entry(scope))));
}
