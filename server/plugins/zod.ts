// Request validation with the contract's zod schemas: routes put a zod schema in
// `schema.body|params|querystring` and get typed, parsed values (defaults applied).
// Responses are not validated here (routes return contract types); never use JSON Schema.
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export function enableZodValidation(app: FastifyInstance): void {
  // Validation messages reach users through the error handler: Spanish, like the rest.
  z.config(z.locales.es());
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const result = (schema as z.ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
}

/** The Spanish sentence for a failed validation: first problem, with its field. */
export function validationMessage(error: unknown): string {
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    if (issue) {
      const field = issue.path.map(String).join('.');
      return field ? `Datos no válidos (${field}): ${issue.message}` : `Datos no válidos: ${issue.message}`;
    }
  }
  return 'Los datos enviados no son válidos';
}
