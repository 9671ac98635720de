// Resource routes of /api/* run their body through handleApi, so that every
// answer follows the contract: JSON, `{ "detail": "..." }` on errors, never a
// stack trace, and known domain refusals mapped to their status.
import { isDatabaseBusy } from "./db-errors";
import { DomainError } from "./domain-error";
import { apiError, messages } from "./http.server";

/** An API answer before it becomes a Response (the table poll's fast path writes it itself). */
export interface ApiResult {
  status: number;
  body: unknown;
  /** The body already serialised (the poll's remembered answer): written as it is, instead of `body`. */
  json?: string;
  headers?: Record<string, string>;
}

/** Maps the domain's refusals to API answers; anything else is a 500 that is logged, not shown. */
export function toApiResult(error: unknown): ApiResult {
  if (error instanceof DomainError)
    return { status: error.status, body: { detail: error.message, ...error.extra }, headers: error.headers };
  if (isDatabaseBusy(error)) return { status: 503, body: { detail: messages.busy }, headers: { "Retry-After": "2" } };
  console.error(error);
  return { status: 500, body: { detail: messages.serverError } };
}

export function toApiResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  const result = toApiResult(error);
  return apiError(result.status, (result.body as { detail: string }).detail, result.body as Record<string, unknown>, result.headers);
}

export async function handleApi(fn: () => Promise<Response | unknown>): Promise<Response> {
  try {
    const result = await fn();
    return result instanceof Response ? result : Response.json(result);
  } catch (error) {
    return toApiResponse(error);
  }
}
