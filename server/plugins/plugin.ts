// Marks a plugin as an application plugin whose hooks and decorators apply to the context
// that registers it (what the fastify-plugin package does, without the dependency).
// Never use it for route collections: those stay encapsulated.
import type { FastifyPluginAsync } from 'fastify';

export function appPlugin<Options extends object>(name: string, plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  const marked = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = name;
  return marked;
}
