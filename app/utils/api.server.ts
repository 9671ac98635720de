// Resource routes of /api/* run their body through handleApi, so that every
// answer follows the contract: JSON, `{ "detail": "..." }` on errors, never a
// stack trace, and known domain refusals mapped to their status.
import { ThrottledError } from "~/modules/auth/throttle.server";
import { DomainError } from "./domain-error";
import { apiError, messages } from "./http.server";

/** Maps the domain's refusals to API answers; anything else is a 500 that is logged, not shown. */
export function toApiResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof DomainError) return apiError(error.status, error.message, error.extra);
  if (error instanceof ThrottledError) {
    return apiError(429, error.message, undefined, { "Retry-After": String(error.retryAfterSeconds) });
  }
  console.error(error);
  return apiError(500, messages.serverError);
}

export async function handleApi(fn: () => Promise<Response | unknown>): Promise<Response> {
  try {
    const result = await fn();
    return result instanceof Response ? result : Response.json(result);
  } catch (error) {
    return toApiResponse(error);
  }
}
