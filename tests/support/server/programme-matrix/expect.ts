// Expected statuses for Programa's rows of the authorization matrix.
import type { Actor } from '../matrix-fixtures.ts';

export type Expected = Record<Actor, number>;

/** Only an admin signed in as themselves gets `status`; other sessions 403, no session 401. */
export const adminOnly = (status: number): Expected => ({
  anon: 401, agent2: 403, agent1: 403, interno: 403, plataforma: 403, latam: 403, admin: status, impersonation: 403, sync: 401,
});
