// The API under load: autocannon at 50 connections against GET /api/health (the stack's
// ceiling on this machine: no auth, no database), the ranking pages (global, by site, by
// brand; with and without search), "my position", the balance, an idempotent write and
// Seguimiento's overview and by-site reads (as supervisors), on a
// database loaded with generated agents (lib/generate.ts). Every endpoint is measured the same
// way, so each read's req/s can be set against health's. Reports p50/p99, req/s and the
// server's resident memory sampled during each run. Endpoints that answer 404 (not built yet)
// are reported as not available instead of measured.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { MAX_REQUESTS_PER_SOCKET } from '#server/http-limits';
import { SCALE_BUDGETS } from './lib/budgets.ts';
import { signIn, type BenchServer } from './lib/server.ts';
import { round } from './lib/stats.ts';

export type EndpointKind = 'health' | 'ranking' | 'search' | 'position' | 'balance' | 'write' | 'coaching';

export interface EndpointResult {
  name: string;
  kind: EndpointKind;
  path: string;
  available: boolean;
  status?: number;
  p50Ms?: number;
  p99Ms?: number;
  reqPerSec?: number;
  /** Responses completed during the measured run. */
  completed?: number;
  errors?: number;
  non2xx?: number;
  maxRssMb?: number;
}

interface Endpoint {
  name: string;
  kind: EndpointKind;
  path: string;
  method?: 'POST';
  /** Whose token asks (default: the agent's); Seguimiento reads are a supervisor's. */
  as?: 'interno' | 'admin';
}

export function endpoints(search: string, attribute: string): Endpoint[] {
  const page = 'page=1&per_page=10';
  return [
    { name: 'Salud (GET health), el techo de la pila', kind: 'health', path: '/api/health' },
    { name: 'Ranking global', kind: 'ranking', path: `/api/ranking/global?${page}` },
    { name: 'Ranking global, búsqueda', kind: 'search', path: `/api/ranking/global?${page}&search=${search}` },
    { name: 'Ranking sede (plataforma)', kind: 'ranking', path: `/api/ranking-global-plataforma/${attribute}?${page}` },
    { name: 'Ranking sede, búsqueda', kind: 'search', path: `/api/ranking-global-plataforma/${attribute}?${page}&search=${search}` },
    { name: 'Ranking marca', kind: 'ranking', path: `/api/ranking-global-marca/${attribute}?${page}` },
    { name: 'Ranking marca, búsqueda', kind: 'search', path: `/api/ranking-global-marca/${attribute}?${page}&search=${search}` },
    { name: 'Mi posición (global)', kind: 'position', path: '/api/ranking/your-position' },
    { name: 'Saldo (GET imps)', kind: 'balance', path: '/api/imps' },
    { name: 'Escritura idempotente (POST log/register)', kind: 'write', path: '/api/log/register', method: 'POST' },
    // Seguimiento (issue 20): the current attribute (3, Accesible, in the demo calendar).
    { name: 'Seguimiento resumen (INTERNO, su marca)', kind: 'coaching', path: '/api/seguimiento/resumen/3', as: 'interno' },
    { name: 'Seguimiento por sede (admin, todo)', kind: 'coaching', path: '/api/seguimiento/sedes/3', as: 'admin' },
  ];
}

async function probe(server: BenchServer, token: string, endpoint: Endpoint): Promise<number> {
  const res = await fetch(`${server.url}${endpoint.path}`, {
    method: endpoint.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(endpoint.method ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
    },
    ...(endpoint.method ? { body: JSON.stringify({ action: 'bench probe' }) } : {}),
  });
  await res.arrayBuffer();
  return res.status;
}

async function load(server: BenchServer, token: string, endpoint: Endpoint, seconds: number) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  const request = endpoint.method
    ? {
        method: 'POST',
        path: endpoint.path,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'Clic banner home accesible' }),
        // A new key per request: each one is a real write with its idempotency record.
        setupRequest: (raw: { headers?: Record<string, string> }) => ({ ...raw, headers: { ...raw.headers, 'idempotency-key': randomUUID() } }),
      }
    : { method: 'GET', path: endpoint.path, headers };
  let maxRss = server.rssMb();
  const sampler = setInterval(() => {
    maxRss = Math.max(maxRss, server.rssMb());
  }, 250);
  try {
    // Browsers open a new connection when the server recycles one (Connection: close after
    // MAX_REQUESTS_PER_SOCKET answers); autocannon would keep sending on it and count Node's 503s.
    const reconnectRate = MAX_REQUESTS_PER_SOCKET;
    return { result: await autocannon({ url: server.url, connections: SCALE_BUDGETS.connections, duration: seconds, reconnectRate, requests: [request] }), maxRss };
  } finally {
    clearInterval(sampler);
  }
}

export async function runApiScale(options: {
  server: BenchServer;
  token: string;
  seconds: number;
  search: string;
  attribute: string;
  log: (line: string) => void;
}): Promise<EndpointResult[]> {
  const results: EndpointResult[] = [];
  const supervisors = new Map<string, string>();
  const tokenOf = async (endpoint: Endpoint): Promise<string> => {
    if (!endpoint.as) return options.token;
    if (!supervisors.has(endpoint.as)) supervisors.set(endpoint.as, (await signIn(options.server.url, `${endpoint.as}@impecable.demo`)).token);
    return supervisors.get(endpoint.as) ?? options.token;
  };
  for (const endpoint of endpoints(options.search, options.attribute)) {
    const token = await tokenOf(endpoint);
    const status = await probe(options.server, token, endpoint);
    if (status === 404) {
      results.push({ name: endpoint.name, kind: endpoint.kind, path: endpoint.path, available: false, status });
      options.log(`api: ${endpoint.name}: no disponible (404)`);
      continue;
    }
    // A short warm-up so JIT and caches settle, then the measured run.
    await load(options.server, token, endpoint, 2);
    const { result, maxRss } = await load(options.server, token, endpoint, options.seconds);
    const row: EndpointResult = {
      name: endpoint.name,
      kind: endpoint.kind,
      path: endpoint.path,
      available: true,
      status,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      reqPerSec: round(result.requests.average, 0),
      completed: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      maxRssMb: round(maxRss, 0),
    };
    results.push(row);
    options.log(`api: ${endpoint.name}: p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${row.reqPerSec} req/s, no-2xx ${row.non2xx}, RSS ${row.maxRssMb} MB`);
  }
  return results;
}
