import { CLIENT_KEY } from "~/utils/idempotency-key";
import { apiError } from "./http.server";

export const BAD_IDEMPOTENCY_KEY = "Idempotency-Key başlığı 8-64 harf, rakam, - veya _ olmalıdır.";

/**
 * An Idempotency-Key header, for API clients that send a write's key there rather than in
 * the body (client_id, pay_key, change_key): undefined when there is none, 400 when malformed.
 */
export function idempotencyKeyOf(request: Request): string | undefined {
  const key = request.headers.get("idempotency-key");
  if (key === null) return undefined;
  if (!CLIENT_KEY.test(key)) throw apiError(400, BAD_IDEMPOTENCY_KEY);
  return key;
}

/**
 * A JSON body with the request's Idempotency-Key header put in as `field` (client_id, change_key,
 * …) when the body carries no key of its own: the body's key wins, a malformed header is 400.
 */
export function withIdempotencyKey(request: Request, body: Record<string, unknown>, field: string): Record<string, unknown> {
  const header = idempotencyKeyOf(request);
  return header !== undefined && body[field] === undefined ? { ...body, [field]: header } : body;
}
