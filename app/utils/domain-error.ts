/**
 * A refusal by the domain: the status the API answers with and the Turkish
 * message every screen shows. Pages turn it into a form error or an error page,
 * `handleApi` into `{ "detail": message, ...extra }`.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429,
    message: string,
    readonly extra?: Record<string, unknown>,
    /** Response headers that go with the refusal (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
