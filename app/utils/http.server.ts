import type { z } from "zod";
import { firstIssueMessage, issuesByField } from "./validation";

/**
 * The /api/* error contract: `{ "detail": "<Turkish message>" }` with an honest
 * status. Thrown from loaders and actions; React Router sends it as is.
 */
export function apiError(status: number, detail: string, extra?: Record<string, unknown>, headers?: HeadersInit) {
  return Response.json({ detail, ...extra }, { status, headers });
}

export const messages = {
  malformedJson: "İstek gövdesi geçerli bir JSON değil.",
  expectedJsonObject: "İstek gövdesi bir JSON nesnesi olmalıdır.",
  unsupportedMediaType: "İstek gövdesi application/json olarak gönderilmelidir.",
  formContentType: "Form verisi application/x-www-form-urlencoded veya multipart/form-data olarak gönderilmelidir.",
  malformedForm: "Form verisi okunamadı.",
  crossSite: "Bu istek başka bir siteden geldiği için reddedildi.",
  tooLarge: (kb: number) => `İstek gövdesi çok büyük (en fazla ${kb} KB).`,
  methodNotAllowed: "Bu adres bu HTTP yöntemini desteklemiyor.",
  notFound: "Aradığınız kayıt bulunamadı.",
  apiNotFound: "Böyle bir API adresi yok.",
  unauthorized: "Oturum açmanız gerekiyor.",
  sessionExpired: "Oturum Süresi Doldu, Lütfen tekrar giriş yapın",
  malformedAuthorization: "Authorization başlığı 'Bearer <token>' biçiminde olmalıdır.",
  managerOnly: "Bu işlem için yönetici girişi gerekiyor.",
  serverError: "Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.",
  busy: "Sunucu şu anda çok yoğun. Lütfen birkaç saniye sonra tekrar deneyin.",
} as const;

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * An oversized body is read to its end (and dropped) up to this many bytes, so
 * the client, still sending, gets to read the 413; past it, the connection is
 * closed on it instead.
 */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/** Reads the body as text, refusing more than maxBytes without keeping more than that. */
async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = (closeConnection: boolean) =>
    apiError(413, messages.tooLarge(Math.round(maxBytes / 1024)), undefined, closeConnection ? { Connection: "close" } : undefined);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > DRAIN_LIMIT_BYTES) throw tooLarge(true);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      while (total <= DRAIN_LIMIT_BYTES) {
        const rest = await reader.read();
        if (rest.done) throw tooLarge(false);
        total += rest.value.byteLength;
      }
      // Not cancel(): that destroys the socket before the client can read the 413.
      reader.releaseLock();
      throw tooLarge(true);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads a JSON object body (an empty body is `{}`); 400/413/415 (anything but application/json) with a Turkish detail otherwise. */
export async function readJsonObject(
  request: Request,
  { maxBytes = DEFAULT_MAX_BODY_BYTES }: { maxBytes?: number } = {},
): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  const text = await readLimitedText(request, maxBytes);
  // Without this rule a page on another site could post JSON as text/plain, which needs no CORS preflight.
  if (text.trim() !== "" && !/^application\/(.+\+)?json\s*(;|$)/i.test(type)) {
    throw apiError(415, messages.unsupportedMediaType);
  }
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw apiError(400, messages.malformedJson);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw apiError(400, messages.expectedJsonObject);
  }
  return body as Record<string, unknown>;
}

/** Validates a value with a Zod schema; 400 with the first Turkish message (and every field's) otherwise. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw apiError(400, firstIssueMessage(result.error), { errors: issuesByField(result.error) });
  }
  return result.data;
}

/** Parses a JSON request body with a Zod schema (see readJsonObject and validate). */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  return validate(schema, await readJsonObject(request, options));
}

/** Parses query parameters with a Zod schema. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  return validate(schema, Object.fromEntries(url.searchParams));
}

/** Parses a route parameter (a table number, an order id). */
export function readParam<S extends z.ZodType>(schema: S, value: string | undefined): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw apiError(400, firstIssueMessage(result.error));
  return result.data;
}

/** For resource routes that only answer some methods. */
export function methodNotAllowed(allow: string) {
  return apiError(405, messages.methodNotAllowed, undefined, { Allow: allow });
}

/** Throws 405 unless the request uses one of the allowed methods. */
export function requireMethod(request: Request, ...allowed: string[]) {
  if (!allowed.includes(request.method.toUpperCase())) throw methodNotAllowed(allowed.join(", "));
}

/**
 * Whether a form post came from JavaScript (a fetcher or client navigation:
 * React Router's `.data` requests) rather than a plain browser submission, which
 * must be answered with a redirect back to a page.
 */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/**
 * Whether an Accept-Encoding header takes gzip (RFC 9110 §12.5.3): `gzip` (or its old name
 * `x-gzip`), else `*`, with a q-value above 0. No header: no (identity is always acceptable).
 */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  let gzip: number | null = null;
  let any: number | null = null;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    let q = 1;
    for (const p of params) {
      const [key, value = ""] = p.split("=").map((s) => s.trim());
      // A q-value that is not a number refuses the coding (as the `negotiator` package does).
      if (key === "q") q = /^[0-9.]+$/.test(value) ? Number(value) : 0;
    }
    if (!Number.isFinite(q)) q = 0;
    if (name === "gzip" || name === "x-gzip") gzip = Math.max(gzip ?? 0, q);
    else if (name === "*") any = Math.max(any ?? 0, q);
  }
  return (gzip ?? any ?? 0) > 0;
}
