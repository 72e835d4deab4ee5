// Placeholder: the "videos" area of Programa (issue 35) registers its routes here.
import type { FastifyInstance } from 'fastify';
import type { ProgrammeDeps } from '../deps.ts';

export async function videosRoutes(_app: FastifyInstance, _deps: ProgrammeDeps): Promise<void> {}
