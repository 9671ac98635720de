import { apiError } from "./http.server";

/** An Idempotency-Key header, for API clients that send a create's key there rather than as client_id. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const key = request.headers.get("idempotency-key");
  if (key === null) return undefined;
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw apiError(400, "Idempotency-Key 8-64 harf, rakam, - veya _ olmalıdır.");
  return key;
}
