// What the production server refuses before React Router sees a request, and
// how it hands the rest over. Each refusal is a clear 4xx: JSON with a Turkish
// `detail` under /api (the API's contract), a small Turkish page elsewhere.
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler as createReactRouterHandler } from "react-router";
import { isUploadPost } from "./uploads.mjs";

/** Methods Sofra answers. TRACE, CONNECT and unknown verbs get 405 (the Fetch API cannot even build a TRACE request). */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Page forms are small: the largest (signup, premium application) is a few KB. */
export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * An oversized body is read to its end (and dropped) up to this many bytes, so a
 * client still sending gets to read the 413; past it, the connection is closed.
 * Same rule as the API's reader (app/utils/http.server.ts).
 */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

const MESSAGES = {
  methodNotAllowed: "Bu adres bu HTTP yöntemini desteklemiyor.",
  badPath: "Adres geçersiz karakterler içeriyor.",
  tooLarge: (kb) => `İstek gövdesi çok büyük (en fazla ${kb} KB).`,
};

export const isApiPath = (pathname) => pathname === "/api" || pathname.startsWith("/api/");

function pathnameOf(url) {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Answers a refused request: JSON under /api, a plain Turkish page elsewhere. Never cached. */
export function refuse(req, res, status, detail, extraHeaders = {}) {
  const api = isApiPath(pathnameOf(req.url ?? "/"));
  const body = api
    ? JSON.stringify({ detail })
    : `<!doctype html><html lang="tr"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} — Sofra</title><h1>${escapeHtml(detail)}</h1><p><a href="/">Ana sayfaya dön</a></p></html>`;
  res.writeHead(status, {
    "Content-Type": api ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...extraHeaders,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The checks that need nothing but the request line: the method, and a path
 * whose percent-encoding decodes (Express and React Router would otherwise
 * answer a broken one with an HTML 400 or a 500). Returns true when it answered.
 */
export function screenRequestLine(req, res) {
  if (!ALLOWED_METHODS.includes(req.method)) {
    refuse(req, res, 405, MESSAGES.methodNotAllowed, { Allow: ALLOWED_METHODS.join(", ") });
    return true;
  }
  try {
    decodeURIComponent(pathnameOf(req.url ?? "/"));
  } catch {
    refuse(req, res, 400, MESSAGES.badPath);
    return true;
  }
  return false;
}

/** Reads a request body into memory, never holding more than maxBytes of it. */
function readLimited(req, maxBytes) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > DRAIN_LIMIT_BYTES) return resolve({ tooLarge: true, close: true });
    const chunks = [];
    let total = 0;
    let over = false;
    const onData = (chunk) => {
      total += chunk.length;
      if (total > maxBytes) {
        over = true;
        chunks.length = 0;
        if (total > DRAIN_LIMIT_BYTES) {
          cleanup();
          req.pause();
          resolve({ tooLarge: true, close: true });
        }
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(over ? { tooLarge: true, close: false } : { buffer: Buffer.concat(chunks) });
    };
    const onError = (error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

function toFetchHeaders(nodeHeaders) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(nodeHeaders)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

/** The request's public origin, as @react-router/express works it out (X-Forwarded-Host only behind a trusted proxy). */
function toFetchRequest(req, res, body) {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p, 10)).find((p) => Number.isSafeInteger(p));
  const hostname = req.hostname?.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init = { method: req.method, headers: toFetchHeaders(req.headers), signal: controller.signal };
  if (body !== undefined) init.body = body.length > 0 ? body : null;
  else if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res, response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/**
 * The Express handler in front of React Router (in place of @react-router/express):
 * page form bodies are read here, once and with a limit (413 past it, memory flat),
 * and handed over from memory; /api bodies stream to their route, whose reader
 * has its own limit and content-type rule.
 */
export function createRequestHandler({ build, mode, getLoadContext }) {
  const handle = createReactRouterHandler(build, mode);
  return async (req, res, next) => {
    try {
      let body;
      const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS";
      // Uploads (server/uploads.mjs) stream to their route, whose reader has its own, larger limit.
      if (hasBody && !isApiPath(req.path) && !isUploadPost(req.path, req.headers["content-type"])) {
        const read = await readLimited(req, PAGE_BODY_LIMIT_BYTES);
        if (read.tooLarge) {
          return refuse(req, res, 413, MESSAGES.tooLarge(PAGE_BODY_LIMIT_BYTES / 1024), read.close ? { Connection: "close" } : {});
        }
        body = read.buffer;
      }
      const response = await handle(toFetchRequest(req, res, body), await getLoadContext?.(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
