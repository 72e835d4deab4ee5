// The outbox replay in a real Chromium: an agent signs in to the built app served by the real
// server (the SSO link), the page goes offline, 1,000 queued actions are written into the app's
// own IndexedDB outbox (rows shaped and signed as runCommand writes them: the app's code is
// bundled, so the rows are added with IndexedDB in the page, signed here with the contract's
// signAction and the action key the app stored at sign-in), and the page comes back online. The
// clock runs from "online" until no row is pending: whatever the app does to drain (the page's
// loop on `online`, the service worker's Background Sync, one request per row or batches) is
// what is measured. Then the same rows, same keys, go again: the server must change nothing.
import { randomUUID } from 'node:crypto';
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import { signAction } from '#contract/action-signature';
import { API_BASE } from '#contract/common';
import { SYNC_PATHS } from '#contract/sync';
import { actionKeyMetaKey, type OutboxRow } from '#offline/db';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, assertChromium } from './lib/chromium.ts';
import { addRowsScript, readMetaScript, waitForDrainScript } from './lib/outbox-page.ts';
import { round } from './lib/stats.ts';
import type { QueuedAction } from './outbox.ts';

export interface ReplayPass {
  /** From the network coming back to an outbox with no pending row. */
  seconds: number;
  /** Still pending when the wait ran out (DRAIN_TIMEOUT_MS). */
  left: number;
  /** Refused by the server (kept as failed rows). */
  refused: number;
  errors: string[];
  /** POST requests the page and its service worker made to the API meanwhile, and how many were batches (/api/sync). */
  posts?: number;
  batches?: number;
}

export interface BrowserReplay {
  actions: number;
  first: ReplayPass;
  /** The same rows, same Idempotency-Keys, queued again (a retry after lost answers). */
  again: ReplayPass;
}

const DRAIN_TIMEOUT_MS = 120_000;

async function signIn(page: Page, baseUrl: string, ssoToken: string, userId: number): Promise<string> {
  await page.goto(`${baseUrl}/sso/${ssoToken}`);
  await page.waitForURL(/\/home$/, { timeout: 60_000 });
  await page.getByText(/Hola, \S/).first().waitFor({ timeout: 60_000 });
  // Sign-in stores the action key its rows are signed with (and the sync credential they leave with).
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const key = (await page.evaluate(readMetaScript(actionKeyMetaKey(userId)))) as string | null;
    if (typeof key === 'string') {
      // The screen's own reads settle first, so the clock times the outbox alone.
      await page.waitForLoadState('networkidle');
      return key;
    }
    await page.waitForTimeout(100);
  }
  throw new Error('La app no guardó la clave de firma de la sesión (meta actionKey) tras entrar.');
}

/** The rows as runCommand stores them, signed with the session's action key. */
async function outboxRows(actions: QueuedAction[], userId: number, actionKey: string): Promise<Omit<OutboxRow, 'seq'>[]> {
  const now = Date.now();
  return Promise.all(
    actions.map(async (action) => {
      const id = randomUUID();
      const occurredAt = action.occurredAt || new Date(now).toISOString();
      const body = action.body ?? null;
      const signature = await signAction(actionKey, { method: action.method, url: `${API_BASE}${action.path}`, idempotencyKey: id, occurredAt, bodyJson: JSON.stringify(body) });
      return {
        id,
        userId,
        method: action.method,
        path: action.path,
        body,
        occurredAt,
        imps: action.imps,
        affects: action.affects,
        status: 'pending' as const,
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        label: action.label,
        subject: action.subject as OutboxRow['subject'],
        signature,
      };
    }),
  );
}

/** Queues the rows while offline, then times the app draining them once the network is back. */
async function replay(context: BrowserContext, page: Page, rows: Omit<OutboxRow, 'seq'>[]): Promise<ReplayPass> {
  await context.setOffline(true);
  await page.evaluate(addRowsScript(rows));
  let posts = 0;
  let batches = 0;
  const count = (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'POST' || !path.startsWith(`${API_BASE}/`)) return;
    posts += 1;
    if (path === `${API_BASE}${SYNC_PATHS.batch}`) batches += 1;
  };
  context.on('request', count);
  try {
    const started = performance.now();
    await context.setOffline(false);
    const result = (await page.evaluate(waitForDrainScript(DRAIN_TIMEOUT_MS))) as { pending: number; failed: number; errors: string[] };
    const seconds = round((performance.now() - started) / 1000, 2);
    return { seconds, left: result.pending, refused: result.failed, errors: result.errors, posts, batches };
  } finally {
    context.off('request', count);
  }
}

export async function runBrowserReplay(options: {
  baseUrl: string;
  ssoToken: string;
  userId: number;
  actions: QueuedAction[];
  log: (line: string) => void;
}): Promise<BrowserReplay> {
  assertChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const actionKey = await signIn(page, options.baseUrl, options.ssoToken, options.userId);
    const rows = await outboxRows(options.actions, options.userId, actionKey);
    const first = await replay(context, page, rows);
    options.log(`outbox (Chromium): ${rows.length} acciones en ${first.seconds} s (${first.posts} POST, ${first.batches} a /sync); pendientes ${first.left}, rechazadas ${first.refused}${first.errors.length ? ` (${first.errors.join('; ')})` : ''}`);
    const again = await replay(context, page, rows);
    options.log(`outbox (Chromium): las mismas ${rows.length} otra vez en ${again.seconds} s; pendientes ${again.left}, rechazadas ${again.refused}`);
    return { actions: rows.length, first, again };
  } finally {
    await browser.close();
  }
}
