// The HTTP server's limits against slow and idle clients (config.httpLimits): headers within
// seconds, a whole request within a couple of minutes (a 10 MB photo from a slow phone still
// fits), idle and keep-alive sockets closed, and a connection cap below the open-file limit so
// a flood of sockets is dropped instead of starving the process. Also the Spanish answer to a
// client cut off at the socket level. Never looks at a request's content.
import { readFileSync } from 'node:fs';
import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import type { HttpLimits } from './config.ts';

/** A connection is recycled after this many requests, so one client cannot pin one for ever. */
export const MAX_REQUESTS_PER_SOCKET = 1_000;
/** Sockets beyond this share of the open-file limit are dropped (PGlite and files need the rest). */
const FD_SHARE_FOR_SOCKETS = 0.8;

export const TOO_SLOW = 'La petición ha tardado demasiado en llegar';

/** Fastify's server options for the limits (Fastify passes `http` on to Node's http.createServer). */
export interface HttpServerOptions {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  maxRequestsPerSocket: number;
  http: ServerOptions;
}

/** The timeouts, as Fastify and Node's http server take them. */
export function httpServerOptions(limits: HttpLimits): HttpServerOptions {
  const headersTimeout = limits.headersTimeoutSeconds * 1000;
  const requestTimeout = limits.requestTimeoutSeconds * 1000;
  return {
    connectionTimeout: limits.idleTimeoutSeconds * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    requestTimeout,
    maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
    http: {
      headersTimeout,
      requestTimeout,
      // Node checks the two timeouts above on this beat (30 s by default, far too coarse for a 15 s limit).
      connectionsCheckingInterval: Math.min(2_000, Math.max(250, Math.floor(headersTimeout / 4))),
    },
  };
}

/** This process's open-file limit (Linux), or null when it cannot be read. */
function openFileLimit(): number | null {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line?.[1] ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

/** MAX_CONNECTIONS, lowered to a safe share of the open-file limit when that is smaller. */
export function connectionCap(limits: HttpLimits, fdLimit: number | null = openFileLimit()): number {
  return fdLimit === null ? limits.maxConnections : Math.max(1, Math.min(limits.maxConnections, Math.floor(fdLimit * FD_SHARE_FOR_SOCKETS)));
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', TOO_SLOW],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Las cabeceras de la petición son demasiado grandes'],
};

/** Fastify's clientErrorHandler: a timed-out or malformed connection gets a Spanish error body, then is closed. */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code] ?? [400, 'Bad Request', 'La petición no es válida'];
  const body = JSON.stringify({ success: false, error: message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
