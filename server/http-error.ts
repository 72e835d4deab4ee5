// The one error type services throw for an answer the client should see: an HTTP status
// and a Spanish message. The errors plugin turns it into `{ success: false, error }`.
// Anything else thrown is a bug and becomes a 500 with no details.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields merged into the error body (e.g. `{ maintenance: 1 }`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
