// Plans the demo's video progress so it agrees with the ledger: every `video:{id}` credit gets
// a seen row (100 %, with plausible viewing before it), a few agents are part-way through a
// video, and Ana, the showcase agent, shows every button state of spec 4. Pure given the
// rng; never writes, never plans anything after `now`.
import { isAvailableOn } from '#domain/calendar';
import { creditExpiry, sourceKeys, VIDEO_POINTS } from '#domain/points';
import type { NewLedgerEntry, NewVideoProgress } from '#server/db/schema';
import type { Catalogue, SeededVideo } from './catalogue.ts';
import type { Rng } from './prng.ts';

export const SHOWCASE_EMAIL = 'ana@impecable.demo';

/**
 * Ana's videos by attribute and position: 'seen', a partial percentage, or absent (not
 * started). De Valor all seen; Resolutivo "Ver de nuevo" and "En proceso"; Accesible's
 * presentation seen and its formative videos "Comenzar" from quiz-2 day ("Próximamente" before).
 */
const SHOWCASE: Record<string, Record<number, 'seen' | number>> = {
  devalor: { 0: 'seen', 1: 'seen', 2: 'seen' },
  resolutivo: { 0: 'seen', 1: 40, 2: 'seen' },
  accesible: { 0: 'seen' },
};

/** Share of (agent, attribute) pairs left part-way through one video. */
const PARTIAL_CHANCE = 0.12;
const HOUR = 3_600_000;

const videoIdOf = (sourceKey: string | null | undefined): number | null => {
  const match = /^video:(\d+)$/.exec(sourceKey ?? '');
  return match ? Number(match[1]) : null;
};

function videoCredit(userId: number, video: SeededVideo, at: Date): NewLedgerEntry {
  return {
    user_id: userId, amount: VIDEO_POINTS, concept: `Vídeo completado: ${video.title}`, source_key: sourceKeys.video(video.id),
    attribute_id: video.attributeId, kind: 'activity', occurred_at: at, created_at: at, expires_at: creditExpiry(at),
  };
}

/** A moment on the video's opening day (later positions later), never after now. */
function showcaseMoment(video: SeededVideo, now: Date): Date {
  return new Date(Math.min(Date.parse(`${video.availableFrom}T09:00:00Z`) + video.position * HOUR, now.getTime()));
}

/**
 * Ana's ledger reshaped to SHOWCASE: video credits added or removed to match it. Her quizzes
 * are set by seedQuizzes (quizzes.ts), which also drops any quiz whose video is not seen.
 */
export function shapeShowcase(ledger: NewLedgerEntry[], userId: number, catalogue: Catalogue, now: Date): NewLedgerEntry[] {
  const drop = new Set<string>();
  const add: NewLedgerEntry[] = [];
  const has = new Set(ledger.filter((e) => e.user_id === userId).map((e) => e.source_key));
  for (const attribute of catalogue.calendar.filter((a) => a.enabled)) {
    const plan = SHOWCASE[attribute.slug] ?? {};
    const videos = catalogue.videos.filter((v) => v.attributeId === attribute.id).sort((a, b) => a.position - b.position);
    for (const video of videos) {
      const key = sourceKeys.video(video.id);
      const seen = plan[video.position] === 'seen' && isAvailableOn(video.availableFrom, now);
      if (!seen) drop.add(key);
      else if (!has.has(key)) add.push(videoCredit(userId, video, showcaseMoment(video, now)));
    }
  }
  const kept = ledger.filter((e) => e.user_id !== userId || !drop.has(e.source_key ?? ''));
  return [...kept, ...add];
}

export interface ProgressUser {
  id: number;
  engagement: number;
}

/** Seen rows for every video credit, plus partial rows for some agents and for Ana. */
export function planVideoProgress(rng: Rng, catalogue: Catalogue, users: readonly ProgressUser[], ledger: readonly NewLedgerEntry[], now: Date, showcaseUserId: number | null): NewVideoProgress[] {
  const videos = new Map(catalogue.videos.map((v) => [v.id, v]));
  const rows: NewVideoProgress[] = [];
  const seen = new Set<string>();
  for (const entry of ledger) {
    const video = videos.get(videoIdOf(entry.source_key) ?? -1);
    if (!video) continue;
    const at = new Date(entry.occurred_at);
    // The 10 % report came about 90 % of the clip earlier: a normal-speed viewing that paid.
    const firstPartial = new Date(at.getTime() - Math.round(video.durationSeconds * 900));
    rows.push({ user_id: entry.user_id, video_id: video.id, porcentaje: 100, first_partial_at: firstPartial, seen_at: at, updated_at: at });
    seen.add(`${entry.user_id}:${video.id}`);
  }

  const partial = (userId: number, video: SeededVideo, porcentaje: number, at: Date) => {
    const updated = new Date(Math.min(at.getTime() + 2_000, now.getTime()));
    rows.push({ user_id: userId, video_id: video.id, porcentaje, first_partial_at: at, seen_at: null, updated_at: updated });
  };
  const open = catalogue.videos.filter((v) => isAvailableOn(v.availableFrom, now));
  for (const user of users) {
    if (user.engagement < 0 || user.id === showcaseUserId) continue;
    for (const attribute of catalogue.calendar.filter((a) => a.enabled)) {
      if (!rng.chance(PARTIAL_CHANCE)) continue;
      const candidates = open.filter((v) => v.attributeId === attribute.id && !seen.has(`${user.id}:${v.id}`));
      if (candidates.length === 0) continue;
      const video = rng.pick(candidates);
      const from = Date.parse(`${video.availableFrom}T07:00:00Z`);
      const to = Math.min(Date.parse(`${attribute.month_end}T19:00:00Z`), now.getTime() - 60_000);
      const porcentaje = rng.int(1, 9) * 10;
      const at = Math.floor(from + rng.next() * (to - from));
      if (to > from) partial(user.id, video, porcentaje, new Date(at));
    }
  }

  if (showcaseUserId !== null) {
    for (const attribute of catalogue.calendar.filter((a) => a.enabled)) {
      for (const [position, want] of Object.entries(SHOWCASE[attribute.slug] ?? {})) {
        const video = catalogue.videos.find((v) => v.attributeId === attribute.id && v.position === Number(position));
        if (typeof want === 'number' && video && isAvailableOn(video.availableFrom, now)) partial(showcaseUserId, video, want, showcaseMoment(video, now));
      }
    }
  }
  return rows;
}
