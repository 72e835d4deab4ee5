// Test helpers for users and sessions: a fresh agent with no activity, and bearer tokens
// for any session kind (impersonation, sync) straight from the auth service, skipping the
// rate-limited sign-in routes. Never used by production code.
import { randomUUID } from 'node:crypto';
import { ACTION_SIGNATURE_HEADER, signAction } from '#contract/action-signature';
import { IDEMPOTENCY_HEADER, OCCURRED_AT_HEADER } from '#contract/common';
import type { SessionScope, UserRow } from '#server/db/schema';
import { createAuthService } from '#server/modules/auth/service';
import { newActionKey } from '#server/modules/auth/tokens';
import type { TestContext } from './test-app.ts';

export interface TestAgent {
  user: UserRow;
  token: string;
}

/** `signedInAt`: when the session began (default now); an action it sends cannot predate that. */
export async function sessionToken(
  ctx: TestContext, user: UserRow, options: { impersonatorUserId?: number; scope?: SessionScope; signedInAt?: Date } = {},
): Promise<string> {
  const { signedInAt, ...session } = options;
  const auth = createAuthService({ db: ctx.db, config: ctx.config, clock: () => signedInAt ?? ctx.clock.now() });
  return (await auth.startSession(user, session)).token;
}

/** A write-only sync credential with the action key its device signs queued rows with. */
export interface SyncCredential {
  token: string;
  actionKey: string;
}

export async function syncCredential(ctx: TestContext, user: UserRow): Promise<SyncCredential> {
  const auth = createAuthService({ db: ctx.db, config: ctx.config, clock: ctx.clock.now });
  const actionKey = newActionKey();
  return { token: (await auth.startSession(user, { scope: 'sync', actionKey })).token, actionKey };
}

/**
 * The headers the app's outbox sends for a queued row: bearer, Idempotency-Key, X-Occurred-At
 * and the row's signature with `actionKey` (a wrong or missing key shows a forged row).
 */
export async function queuedRowHeaders(
  token: string,
  actionKey: string | null,
  row: { method?: string; url: string; body: unknown; key?: string; occurredAt: Date },
): Promise<Record<string, string>> {
  const key = row.key ?? randomUUID();
  const occurredAt = row.occurredAt.toISOString();
  const signature = actionKey === null ? null : await signAction(actionKey, {
    method: row.method ?? 'POST', url: row.url, idempotencyKey: key, occurredAt, bodyJson: JSON.stringify(row.body),
  });
  return {
    authorization: `Bearer ${token}`,
    [IDEMPOTENCY_HEADER]: key,
    [OCCURRED_AT_HEADER]: occurredAt,
    ...(signature ? { [ACTION_SIGNATURE_HEADER]: signature } : {}),
  };
}

/** A new brand-2 agent with a nickname and nothing earned or watched. */
export async function createAgent(ctx: TestContext, nickName: string, options: { signedInAt?: Date } = {}): Promise<TestAgent> {
  const user = await ctx.db.insertInto('users')
    .values({ email: `${nickName.toLowerCase()}@impecable.demo`, name: nickName, nick_name: nickName, brand_id: 2 })
    .returningAll().executeTakeFirstOrThrow();
  return { user, token: await sessionToken(ctx, user, options) };
}
