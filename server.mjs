// Sofra's production server: Express in front of the React Router build.
// Stateless: sessions, throttling and uploads live in MySQL, so any number of
// these processes can run behind a load balancer (see docs/scaling.md).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
// Before React is loaded: it picks its development or production build at import.
process.env.NODE_ENV ??= "production";

const { default: compression } = await import("compression");
const { default: express } = await import("express");
const { createRequestHandler } = await import("@react-router/express");

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

app.use((_req, res, next) => {
  res.set({
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
  });
  next();
});
app.use(compression());

app.get("/healthz", (_req, res) => res.type("text").send("ok"));

const client = path.join(root, "build/client");
app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
// The service worker and manifest must be revalidated on every load.
app.use(
  express.static(client, {
    maxAge: "1h",
    setHeaders(res, file) {
      if (/(sw\.js|manifest\.webmanifest)$/.test(file)) res.setHeader("Cache-Control", "no-cache");
    },
  }),
);

app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req) => build.entry.module.createLoadContext({ clientAddress: req.ip ?? null }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);
function onListen() {
  console.log(`Sofra is listening on http://${host ?? "localhost"}:${port}`);
}

// Stop taking requests, let the ones in flight finish, then close the database pool.
let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await build.entry.module.shutdown?.();
    process.exit(0);
  });
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
