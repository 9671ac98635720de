// The bench's floors (issue 23): the least a server can do to answer the waiters' table poll.
// A bare node:http server, no router, no middleware, no Prisma:
//
//   GET /tables   the SQL floor: the app's poll (answerPoll: its exact SQL, the session check
//                 and the floor's tag, then 304, the restaurant's remembered answer or the tables)
//                 on the bare mariadb driver with the app's pool settings, and the same bytes
//                 (gzip above 1 KB for a client that takes it).
//   GET /memory   the memory floor: the bytes of the first /tables answer, served from memory.
//   POST /orders  the order floor: the app's session check (its SQL) and the app's order
//                 (createOrder: its exact statements, on a transaction of this pool), the JSON
//                 body trusted as it comes (no schema), the order answered as the app does.
//
// What the app costs above the SQL floor is what its own layers add (server.mjs, the session
// cookie, Prisma where it is used); the memory floor shows what HTTP alone costs on this machine.
// Started by scripts/bench.ts as a child process, with DATABASE_URL, DB_POOL_SIZE and PORT.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import mariadb from "mariadb";
import { sessionLookupSql } from "../app/modules/auth/sessions.server.ts";
import { createOrder } from "../app/modules/orders/orders.server.ts";
import type { CreateOrderInput } from "../app/modules/orders/schemas.ts";
import { answerPoll, type PollDriver } from "../app/modules/tables/poll.server.ts";
import { driverTransaction, type Transaction } from "../app/utils/driver-sql.ts";
import { parseDatabaseUrl } from "../app/utils/database-url.ts";
import { DATABASE_TIME_LIMITS } from "../app/utils/prisma-adapter.ts";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`bench-floor: ${name} is not set`);
  return value;
}

const port = Number(required("PORT"));
const gzip = promisify(gzipCallback);
// The adapter's pool settings (app/utils/prisma-adapter.ts), on the driver alone.
const pool = mariadb.createPool({
  ...parseDatabaseUrl(required("DATABASE_URL")),
  connectionLimit: Number(process.env.DB_POOL_SIZE ?? 10),
  timezone: "Z",
  acquireTimeout: DATABASE_TIME_LIMITS.acquireTimeoutMs,
  connectTimeout: DATABASE_TIME_LIMITS.connectTimeoutMs,
  queryTimeout: DATABASE_TIME_LIMITS.statementTimeMs,
  socketTimeout: DATABASE_TIME_LIMITS.socketTimeoutMs,
  prepareCacheLength: 0,
});

// The app's touch slides a session's expiry at most every 10 minutes: never within a bench run.
const driver: PollDriver = {
  query: async <T>(sql: { sql: string; values: unknown[] }) => (await pool.query({ sql: sql.sql }, sql.values)) as T[],
  touch: async () => {},
};

async function send(req: IncomingMessage, res: ServerResponse, status: number, json: string, tag?: string) {
  let body = Buffer.from(json);
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };
  if (tag) headers.ETag = tag;
  if (body.length > 1024 && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    body = await gzip(body);
    headers["Content-Encoding"] = "gzip";
  }
  headers["Content-Length"] = String(body.length);
  res.writeHead(status, headers).end(body);
}

let remembered: { json: string; tag: string } | null = null;

const bearerHash = (req: IncomingMessage) => {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
  return token ? createHash("sha256").update(token).digest("hex") : null;
};

const transaction: Transaction = (write) => driverTransaction(pool, write);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function orders(req: IncomingMessage, res: ServerResponse) {
  const hash = bearerHash(req);
  const input = JSON.parse(await readBody(req)) as CreateOrderInput;
  if (!hash) return send(req, res, 401, '{"detail":"Oturum açmanız gerekiyor."}');
  const query = sessionLookupSql(hash);
  const now = new Date();
  const [session] = (await pool.query({ sql: query.sql }, query.values)) as {
    id: number;
    expiresAt: Date;
    isActive: number;
    userId: number;
    firstName: string;
    lastName: string;
    restaurantId: number;
  }[];
  if (!session || !session.isActive || session.expiresAt <= now) return send(req, res, 401, '{"detail":"Oturum Süresi Doldu"}');
  const actor = {
    restaurantId: session.restaurantId,
    userId: session.userId,
    name: `${session.firstName} ${session.lastName}`.trim(),
    sessionId: session.id,
  };
  const { order, replayed } = await createOrder(actor, input, now, null, transaction);
  return send(req, res, replayed ? 200 : 201, JSON.stringify(order));
}

async function tables(req: IncomingMessage, res: ServerResponse) {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!token) return send(req, res, 401, '{"detail":"Oturum açmanız gerekiyor."}');
  const hash = createHash("sha256").update(token).digest("hex");
  const answer = await answerPoll(driver, hash, req.headers["if-none-match"] ?? null, new Date());
  if (!answer) return send(req, res, 401, '{"detail":"Oturum Süresi Doldu, Lütfen tekrar giriş yapın"}');
  if (answer.status === 304) return void res.writeHead(304, { ETag: answer.tag, "Cache-Control": "no-store" }).end();
  remembered ??= answer;
  return send(req, res, 200, answer.json, answer.tag);
}

const server = createServer((req, res) => {
  const done = (error: unknown) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
    res.end('{"detail":"server error"}');
  };
  if (req.method === "GET" && req.url === "/tables") return void tables(req, res).catch(done);
  if (req.method === "POST" && req.url === "/orders") return void orders(req, res).catch(done);
  if (req.method === "GET" && req.url === "/memory" && remembered) {
    return void send(req, res, 200, remembered.json, remembered.tag).catch(done);
  }
  res.writeHead(404, { "Content-Type": "application/json" }).end('{"detail":"not found"}');
});

server.listen(port, "127.0.0.1", () => console.log(`bench floor listening on http://127.0.0.1:${port}`));

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close(async () => {
    await pool.end();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
