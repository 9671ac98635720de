// What the production server refuses before React Router sees a request, and
// how it hands the rest over. Each refusal is a clear 4xx: JSON with a Turkish
// `detail` under /api (the API's contract), a small Turkish page elsewhere.
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler as createReactRouterHandler, matchRoutes } from "react-router";
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

/** An answer's body that the route writes to Node's response itself (app/utils/node-body.server.ts). */
const NODE_BODY = Symbol.for("sofra.nodeBody");

const MESSAGES = {
  methodNotAllowed: "Bu adres bu HTTP yöntemini desteklemiyor.",
  // The same words as the app's request guard (app/utils/http.server.ts, decision 013).
  crossSite: "Bu istek başka bir siteden geldiği için reddedildi.",
  busyApi: "Sunucu şu anda çok yoğun. Lütfen birkaç saniye sonra tekrar deneyin.",
  busyPage: "Bir sorun oluştu, lütfen tekrar deneyin.",
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

/** The database is busy or away (app/utils/db-errors.ts): 503 with Retry-After, which the offline queue retries. */
export function databaseBusy(req, res) {
  const api = isApiPath(pathnameOf(req.url ?? "/"));
  refuse(req, res, 503, api ? MESSAGES.busyApi : MESSAGES.busyPage, { "Retry-After": "2" });
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
function publicOrigin(req) {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p, 10)).find((p) => Number.isSafeInteger(p));
  const hostname = req.hostname?.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}`).origin;
}

function toFetchRequest(req, res, body, { abortable = true } = {}) {
  const url = new URL(`${publicOrigin(req)}${req.originalUrl}`);
  const init = { method: req.method, headers: toFetchHeaders(req.headers) };
  // A page's loaders stop when the browser goes away; a direct route's short write has no use for it.
  if (abortable) {
    let controller = new AbortController();
    res.on("finish", () => (controller = null));
    res.on("close", () => controller?.abort());
    init.signal = controller.signal;
  }
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

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A page write sent by a page on another site (Sec-Fetch-Site, or Origin for older browsers): the
 * app's request guard refuses it (decision 013), but React Router's own check runs first and
 * answers a bare English "Bad Request", so it is refused here, in Turkish, the same way.
 */
function isCrossSitePageWrite(req) {
  if (SAFE_METHODS.has(req.method) || isApiPath(req.path)) return false;
  const site = req.headers["sec-fetch-site"];
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = req.headers.origin;
  return origin !== undefined && origin !== publicOrigin(req);
}

/** React Router's route tree, from the build's flat manifest, to find which route answers a path. */
function routeTree(routes) {
  const byParent = new Map();
  for (const route of Object.values(routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId) =>
    (byParent.get(parentId) ?? []).map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: route.module,
      children: build(route.id),
    }));
  return build(undefined);
}

/**
 * The methods a path answers, for the Allow header of a 405: GET and HEAD where its route has a
 * loader (or is a page), POST where it has an action (any write method under /api, whose handler
 * refuses the ones it does not take with its own 405).
 */
function allowedMethods(tree, pathname) {
  const path = pathname.replace(/(\/_root)?\.data$/, "") || "/";
  const leaf = matchRoutes(tree, path)?.at(-1)?.route;
  const methods = [];
  if (!leaf || leaf.module?.default || leaf.module?.loader) methods.push("GET", "HEAD");
  if (leaf?.module?.action) methods.push(...(isApiPath(path) ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"]));
  return methods.join(", ");
}

/**
 * The Express handler in front of React Router (in place of @react-router/express):
 * page form bodies are read here, once and with a limit (413 past it, memory flat),
 * and handed over from memory; /api bodies stream to their route, whose reader
 * has its own limit and content-type rule.
 */
/**
 * A resource route answered without React Router's matching (decision 093): its middleware as
 * routes.ts nests it (each ancestor's `middleware`, the root's first) and its action or loader,
 * called as React Router calls them (a middleware that returns nothing goes on to the next; a
 * thrown Response is the answer). For the hottest write, POST /api/orders, where matching the path
 * against the 180 routes and dispatching cost as much CPU as the order's own code.
 */
function directRoute(routes, routeId, method) {
  const chain = [];
  for (let id = routeId; id !== undefined; id = routes[id]?.parentId) {
    if (!routes[id]) throw new Error(`directRoutes: no route ${id}`);
    chain.unshift(routes[id]);
  }
  const middleware = chain.flatMap((route) => route.module.middleware ?? []);
  const leaf = chain.at(-1).module;
  const handler = method === "GET" ? leaf.loader : leaf.action;
  if (!handler) throw new Error(`directRoutes: ${routeId} has no ${method === "GET" ? "loader" : "action"}`);
  // As React Router gives it: the matched paths joined, no leading slash ("api/orders").
  const pattern = chain
    .map((route) => route.path)
    .filter(Boolean)
    .join("/");
  return async (request, context, params) => {
    const args = { request, context, params, pattern, url: new URL(request.url) };
    const run = async (i) => {
      if (i === middleware.length) {
        const result = await handler(args);
        return result instanceof Response ? result : Response.json(result);
      }
      let downstream;
      const next = () => (downstream ??= run(i + 1));
      const result = await middleware[i](args, next);
      return result instanceof Response ? result : next();
    };
    try {
      return await run(0);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
}

/**
 * Finds the direct route of a request: "METHOD /path" keys, a `:name` segment taking one segment
 * of the path (decoded, as React Router gives params). Returns the answer and its params, or null.
 */
function directRouter(routes, directRoutes) {
  const exact = new Map();
  const patterns = [];
  for (const [key, routeId] of Object.entries(directRoutes)) {
    const [method, path] = key.split(" ");
    const answer = directRoute(routes, routeId, method);
    const names = [];
    const source = path.replace(/:([A-Za-z_]+)/g, (_, name) => (names.push(name), "([^/]+)"));
    if (names.length === 0) exact.set(`${method} ${path}`, answer);
    else patterns.push({ method, regex: new RegExp(`^${source}$`), names, answer });
  }
  return (method, path) => {
    const answer = exact.get(`${method} ${path}`);
    if (answer) return { answer, params: {} };
    for (const p of patterns) {
      if (p.method !== method) continue;
      const m = p.regex.exec(path);
      if (!m) continue;
      try {
        return { answer: p.answer, params: Object.fromEntries(p.names.map((name, i) => [name, decodeURIComponent(m[i + 1])])) };
      } catch {
        return null;
      }
    }
    return null;
  };
}

export function createRequestHandler({ build, mode, getLoadContext, failedOnDatabase, directRoutes = {} }) {
  const handle = createReactRouterHandler(build, mode);
  const tree = routeTree(build.routes);
  const direct = directRouter(build.routes, directRoutes);
  const handler = async (req, res, next) => {
    try {
      // Nothing in Sofra answers OPTIONS (no cross-origin API): a quiet 405 naming what the path takes.
      if (req.method === "OPTIONS") {
        return refuse(req, res, 405, MESSAGES.methodNotAllowed, { Allow: allowedMethods(tree, req.path) });
      }
      if (isCrossSitePageWrite(req)) return refuse(req, res, 403, MESSAGES.crossSite);
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
      const context = await getLoadContext?.(req, res);
      const response = await handle(toFetchRequest(req, res, body), context);
      // A busy or absent database behind an error answer (a middleware's session lookup, a page's
      // loader): 503 with Retry-After instead of React Router's 500 (decision 066).
      if (response.status >= 500 && context && failedOnDatabase?.(context)) {
        await response.body?.cancel();
        return databaseBusy(req, res);
      }
      // A POST to a page without an action: React Router's 405 says nothing of what the path takes.
      if (response.status === 405 && !response.headers.has("Allow")) response.headers.set("Allow", allowedMethods(tree, req.path));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
  /**
   * Express middleware for before compression(): answers the direct routes, passes the rest on.
   * Their answers are small JSON, written in one piece; a body of a declared length up to a page
   * form's is read here into memory (no web stream to build), a larger or undeclared one streams
   * to the route's reader as for every API route.
   */
  handler.direct = async (req, res, next) => {
    const found = direct(req.method, req.path);
    if (!found) return next();
    try {
      const declared = Number(req.headers["content-length"] ?? Number.NaN);
      const body = declared >= 0 && declared <= PAGE_BODY_LIMIT_BYTES ? (await readLimited(req, PAGE_BODY_LIMIT_BYTES)).buffer : undefined;
      const context = await getLoadContext?.(req, res, { document: false, nodeBody: true });
      const response = await found.answer(toFetchRequest(req, res, body, { abortable: false }), context, found.params);
      if (response.status >= 500 && context && failedOnDatabase?.(context)) {
        await response.body?.cancel();
        return databaseBusy(req, res);
      }
      // An answer that writes its own body to Node's response (an event stream, decision 096).
      const attach = response[NODE_BODY];
      if (attach) {
        res.statusCode = response.status;
        for (const [key, value] of response.headers.entries()) res.append(key, value);
        res.flushHeaders();
        return void attach(res);
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      if (res.destroyed || res.writableEnded) return;
      res.statusCode = response.status;
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      res.setHeader("Content-Length", bytes.length);
      res.end(bytes);
    } catch (error) {
      next(error);
    }
  };
  return handler;
}
