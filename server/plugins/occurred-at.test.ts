import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OCCURRED_AT_HEADER } from '#contract/common';
import { occurredAtPlugin } from './occurred-at';

const NOW = new Date('2025-06-20T10:00:00.000Z');

describe('occurredAtPlugin', () => {
  it.each([
    [undefined, '2025-06-20T10:00:00.000Z'],
    ['2025-06-19T08:00:00.000Z', '2025-06-19T08:00:00.000Z'],
    ['2025-06-21T08:00:00.000Z', '2025-06-20T10:00:00.000Z'],
    ['basura', '2025-06-20T10:00:00.000Z'],
    ['2024-01-01T00:00:00.000Z', '2025-05-21T10:00:00.000Z'],
  ])('%s → %s', async (header, expected) => {
    const app = Fastify();
    await app.register(occurredAtPlugin, { clock: () => NOW });
    app.get('/t', async (request) => ({ at: request.occurredAt.toISOString() }));
    const res = await app.inject({ method: 'GET', url: '/t', headers: header ? { [OCCURRED_AT_HEADER]: header } : {} });
    expect(res.json()).toEqual({ at: expected });
    await app.close();
  });
});
