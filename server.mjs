// Sofra's production server: Express in front of the React Router build.
// Stateless: sessions, throttling and uploads live in MySQL, so any number of
// these processes can run behind a load balancer (see docs/scaling.md).
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { getHeapStatistics } from "node:v8";
import { gzip as gzipCallback } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
// Before React is loaded: it picks its development or production build at import.
process.env.NODE_ENV ??= "production";

const { default: compression } = await import("compression");
const { default: expressStaticGzip } = await import("express-static-gzip");
const { default: express } = await import("express");
const { createRequestHandler, databaseBusy, refuse, screenRequestLine } = await import("./server/edge.mjs");

const buildPath = path.join(root, "build/server/index.js");
if (!existsSync(buildPath)) {
  console.error("No production build found. Run `npm run build` first.");
  process.exit(1);
}

let build;
try {
  build = await import(buildPath);
} catch (error) {
  // Most often a missing or bad environment variable; the message says which.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/** `TRUST_PROXY`: unset = no proxy; a number = that many hops; otherwise Express's syntax ("loopback", an address list). */
function trustProxySetting(value) {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === "true") return true;
  return value;
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));

// On every answer, the fast path's and the refusals' too (see securityHeaders in the app).
const SECURITY_HEADERS = build.entry.module.securityHeaders();
const HSTS = "max-age=31536000; includeSubDomains";
const trustsProxy = app.get("trust proxy fn");

/**
 * HSTS only on an answer that goes over HTTPS: the connection is TLS, or a trusted proxy says the
 * client's was (X-Forwarded-Proto). Over plain http a browser ignores it anyway, and a plain-http
 * deployment (a LAN, a test) must not be told it is https-only.
 */
function isHttps(req) {
  if (req.socket.encrypted) return true;
  if (!trustsProxy(req.socket.remoteAddress, 0)) return false;
  const proto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    .trim()
    .toLowerCase();
  return proto === "https";
}
const handleRequest = createRequestHandler({
  build,
  mode: process.env.NODE_ENV,
  getLoadContext: (req, _res, options) => build.entry.module.createLoadContext({ clientAddress: req.ip ?? null, ...options }),
  failedOnDatabase: (context) => build.entry.module.failedOnDatabase(context),
  directRoutes: build.entry.module.directRoutes,
});
// The direct routes (decision 093: orders, edits, payments, bumps, the ready list) before anything else Express does.
app.use(handleRequest.direct);

// An event stream (GET /api/events) is never compressed: compression() would hold its events back
// until a buffer fills. Its Cache-Control: no-transform says so too; this does not rely on it.
app.use(
  compression({
    filter: (req, res) => !/^text\/event-stream/.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res),
  }),
);

app.get("/healthz", (_req, res) => res.type("text").send("ok"));
// Open live-event streams of this process and its memory (monitoring, npm run bench:live): counts only.
// `memory`: where the process's memory is, in bytes, and the heap limit it was started with
// (docs/scaling.md, "Memory"): RSS well above heap_total + external is malloc's, outside the heap.
app.get("/healthz/live", (req, res) => {
  const live = build.entry.module.liveStats?.({ gc: req.query.gc === "1" }) ?? null;
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const memory = {
    rss,
    heap_total: heapTotal,
    heap_used: heapUsed,
    heap_limit: getHeapStatistics().heap_size_limit,
    external,
    array_buffers: arrayBuffers,
  };
  res.set("Cache-Control", "no-store").json(live && { ...live, memory });
});

const client = path.join(root, "build/client");
const hashedAssets = path.join(client, "assets") + path.sep;
// Built files are served precompressed (scripts/precompress.ts: Brotli for browsers that take it,
// Zopfli gzip for the others); compression() above leaves an encoded answer alone.
const files = expressStaticGzip(client, {
  enableBrotli: true,
  orderPreference: ["br", "gzip"],
  serveStatic: {
    maxAge: "1h",
    setHeaders(res, file) {
      const served = file.replace(/\.(br|gz)$/, "");
      // Content-hashed build output never changes; the service worker and manifest must be revalidated.
      if (served.startsWith(hashedAssets)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      else if (/(sw\.js|manifest\.webmanifest|app-assets\.json)$/.test(served)) res.setHeader("Cache-Control", "no-cache");
    },
  },
});
// Static files all have an extension; pages and the API never touch the disk, nor do the screens'
// data requests (`/app/staff.data`: React Router's single fetch), the busiest of a rush.
app.use((req, res, next) => (path.extname(req.path) && !req.path.endsWith(".data") ? files(req, res, next) : next()));

app.all("*", handleRequest);
// Whatever escaped: logged, and answered in Turkish (JSON under /api), never Express's HTML page or a stack trace.
app.use((error, req, res, _next) => {
  if (res.headersSent) return void res.destroy();
  if (build.entry.module.isDatabaseBusy(error)) return databaseBusy(req, res);
  const status = Number.isInteger(error?.status) && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(error);
  refuse(req, res, status, status === 500 ? "Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin." : "İstek okunamadı.");
});

// The hottest requests (the waiters' 3-second table poll) are answered here,
// before Express and React Router, by the same function their resource route
// answers with: see fastRoutes in app/entry.server.tsx and decision 009.
const gzip = promisify(gzipCallback);
const fastRoutes = new Map(Object.entries(build.entry.module.fastRoutes ?? {}));

async function answerFast(handler, req, res) {
  const result = await handler({ headers: { get: (name) => req.headers[name.toLowerCase()] ?? null } });
  // Nothing changed since the tag the client sent (decision 091): no body at all.
  if (result.status === 304) return void res.writeHead(304, { ...result.headers, "Cache-Control": "no-store" }).end();
  let body = Buffer.from(result.json ?? JSON.stringify(result.body));
  const headers = {
    ...result.headers,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    Vary: "Accept-Encoding",
  };
  if (body.length > 1024 && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    body = await gzip(body);
    headers["Content-Encoding"] = "gzip";
  }
  headers["Content-Length"] = String(body.length);
  res.writeHead(result.status, headers).end(body);
}

// Requests being answered, for the shutdown (below) to tell their connections to close.
const inFlight = new Set();

const server = createServer((req, res) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  if (isHttps(req)) res.setHeader("Strict-Transport-Security", HSTS);
  if (stopping) res.setHeader("Connection", "close");
  inFlight.add(res);
  res.on("close", () => inFlight.delete(res));
  if (screenRequestLine(req, res)) return;
  const handler = fastRoutes.get(`${req.method} ${req.url}`);
  if (!handler) return app(req, res);
  answerFast(handler, req, res).catch((error) => {
    if (build.entry.module.isDatabaseBusy(error)) return databaseBusy(req, res);
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json; charset=utf-8" });
    res.end('{"detail":"Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin."}');
  });
});

// Idle keep-alive connections stay open a minute, past a load balancer's or a browser's own idle
// timeout, instead of Node's 5 s: a phone that reuses a connection the server has just closed
// sees a reset (a burst of them under a rush, each a retried request). Headers must come sooner.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
if (host) server.listen(port, host, onListen);
else server.listen(port, onListen);
function onListen() {
  console.log(`Sofra is listening on http://${host ?? "localhost"}:${port}`);
}

/**
 * Shutdown (SIGTERM from the service manager or a deploy, SIGINT): stop accepting connections,
 * close the idle keep-alive ones at once and every other one after its current answer
 * (`Connection: close`), let requests in flight finish, hand back the background jobs this
 * process claimed, close the database pool, exit 0. A request that is still not answered after
 * SHUTDOWN_TIMEOUT_MS is cut off (exit 1): something is stuck.
 */
let stopping = false;
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000);
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  const force = setTimeout(() => {
    console.error(`Shutdown: ${inFlight.size} request(s) still open after ${SHUTDOWN_TIMEOUT_MS} ms; exiting.`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  force.unref();
  // Open event streams end now (their browsers reconnect elsewhere with Last-Event-ID).
  build.entry.module.closeLiveStreams?.();
  // Stopping the job worker (it waits a moment for the jobs in hand) runs alongside the requests.
  const jobsStopped = build.entry.module.stopJobs?.() ?? Promise.resolve();
  server.close(async () => {
    try {
      await jobsStopped;
      await build.entry.module.shutdown?.();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  });
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  server.closeIdleConnections();
  // A connection that turns idle later (its answer sent before the header could be set) is closed
  // too; once no request is in flight, every connection left is (one Node does not count as idle,
  // e.g. after an event stream the server ended, would otherwise hold the close until the force).
  const sweep = setInterval(() => (inFlight.size === 0 ? server.closeAllConnections() : server.closeIdleConnections()), 200);
  sweep.unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
