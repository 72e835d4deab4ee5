// Test helpers for users and sessions: a fresh agent with no activity, and bearer tokens
// for any session kind (impersonation, sync) straight from the auth service, skipping the
// rate-limited sign-in routes. Never used by production code.
import type { SessionScope, UserRow } from '#server/db/schema';
import { createAuthService } from '#server/modules/auth/service';
import type { TestContext } from './test-app.ts';

export interface TestAgent {
  user: UserRow;
  token: string;
}

export async function sessionToken(ctx: TestContext, user: UserRow, options: { impersonatorUserId?: number; scope?: SessionScope } = {}): Promise<string> {
  const auth = createAuthService({ db: ctx.db, config: ctx.config, clock: ctx.clock.now });
  return (await auth.startSession(user, options)).token;
}

/** A new brand-2 agent with a nickname and nothing earned or watched. */
export async function createAgent(ctx: TestContext, nickName: string): Promise<TestAgent> {
  const user = await ctx.db.insertInto('users')
    .values({ email: `${nickName.toLowerCase()}@impecable.demo`, name: nickName, nick_name: nickName, brand_id: 2 })
    .returningAll().executeTakeFirstOrThrow();
  return { user, token: await sessionToken(ctx, user) };
}
