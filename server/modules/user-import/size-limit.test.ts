// The 5 MB import limit over real HTTP (issue "robustness", item 6a): the file arrives in many
// TCP chunks, as from a browser, and every row of it is valid, so a file cut at 5 MB would
// import its first rows "successfully". Over the limit it must be refused whole, every time.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES } from '#contract/admin';
import { multipart } from '#test-support/server/import-files';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

const TOO_LARGE = 'El archivo es demasiado grande (máximo 5 MB)';

let ctx: TestContext;
let admin: string;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  admin = await tokenFor(ctx, await userByEmail(ctx.db, 'admin@impecable.demo'));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
});

const PAD = 185;
/** Row `i`, a valid new agent whose name, role and division carry `extra` bytes of padding in all (0 to 3 * PAD). */
function agentLine(i: number, emailPrefix: string, extra: number): string {
  const pads = [Math.min(PAD, extra), Math.min(PAD, Math.max(0, extra - PAD)), Math.max(0, extra - 2 * PAD)].map((n) => 'x'.repeat(n));
  return `Agente ${i} ${pads[0]};${emailPrefix}${i}@cliente.example;;agente ${pads[1]};;Ventas ${pads[2]};2`;
}

/**
 * A CSV (ASCII, `;`) of valid new agents, about 600 bytes a row, of at least `minBytes`; a row
 * ends exactly at byte `rowEndsAt`, so the file cut there is itself a valid import.
 */
function agentsCsv(emailPrefix: string, rowEndsAt: number, minBytes: number): Buffer {
  let text = IMPORT_COLUMNS.join(';');
  for (let i = 1; text.length < minBytes; i += 1) {
    const room = rowEndsAt - text.length - 2; // what the next row may take before the cut
    const fixed = agentLine(i, emailPrefix, 0).length;
    // Past the cut, full rows; up to it, end a row there exactly, leaving each next row room enough.
    let extra = 3 * PAD;
    if (room >= fixed) extra = room <= fixed + 3 * PAD ? room - fixed : Math.min(3 * PAD, room - 2 - 2 * (fixed + 1));
    text += `\r\n${agentLine(i, emailPrefix, extra)}`;
  }
  return Buffer.from(`${text}\r\n`, 'ascii');
}

interface Answer {
  status: number;
  body: { success?: boolean; error?: string; users_created?: number };
}

/**
 * POSTs the file as a browser would, in one go; or, with `pauseAfter`, its first `pauseAfter`
 * bytes, a pause, then the rest, so the server reads a chunk that ends exactly there.
 */
function upload(fileName: string, bytes: Buffer, pauseAfter?: number): Promise<Answer> {
  const { payload, headers } = multipart(fileName, bytes);
  const split = pauseAfter === undefined ? payload.length : payload.indexOf(bytes) + pauseAfter;
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/importar-usuario`, { method: 'POST', headers: { ...headers, ...bearer(admin), 'content-length': String(payload.length) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as Answer['body'] }));
    });
    req.on('error', reject);
    req.write(payload.subarray(0, split));
    setTimeout(() => req.end(payload.subarray(split)), 300);
  });
}

const userCount = async () => Number((await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const importCount = async () => Number((await ctx.db.selectFrom('user_imports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('the 5 MB import limit, over HTTP', () => {
  it('a CSV of valid rows just over 5 MB is refused whole with 413, every time, and nothing is imported', async () => {
    const file = agentsCsv('sobre', IMPORT_MAX_BYTES, IMPORT_MAX_BYTES + 170 * 1024);
    // Its first 5 MB end a row: cut there, the file would import "fine".
    expect(file.subarray(IMPORT_MAX_BYTES, IMPORT_MAX_BYTES + 2).toString()).toBe('\r\n');
    const users = await userCount();
    const imports = await importCount();
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      // Half the tries let the network cut the file where it will; the other half cut it at 5 MB exactly.
      const res = await upload('usuarios.csv', file, attempt % 2 === 0 ? IMPORT_MAX_BYTES : undefined);
      expect([res.status, res.body], `attempt ${attempt}`).toEqual([413, { success: false, error: TOO_LARGE }]);
      expect([await userCount(), await importCount()], `attempt ${attempt}`).toEqual([users, imports]);
    }
  }, 120_000);

  it('a CSV of exactly 5 MB is accepted, every one of its rows imported', async () => {
    const file = agentsCsv('bajo', IMPORT_MAX_BYTES - 2, IMPORT_MAX_BYTES - 2);
    expect(file.length).toBe(IMPORT_MAX_BYTES);
    const rows = file.toString('utf8').trimEnd().split('\r\n').length - 1;
    const users = await userCount();
    const res = await upload('usuarios.csv', file);
    expect([res.status, res.body.users_created]).toEqual([200, rows]);
    expect(await userCount()).toBe(users + rows);
  }, 120_000);
});
