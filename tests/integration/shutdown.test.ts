// SIGTERM while clients keep connections alive and a request and a background job are in flight:
// the server stops accepting, closes the idle keep-alive connection, answers the request in flight
// (with Connection: close), hands back the claimed job, and exits 0 within a few seconds.
import { request as httpRequest, Agent } from "node:http";
import { createServer, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PrismaClient } from "~/generated/prisma/client";
import { createAdapter } from "~/utils/prisma-adapter";
import { loadEnvFile, requireDatabaseUrl } from "../../scripts/lib/load-env.ts";
import { dropDatabase } from "../../scripts/lib/provision.ts";
import { prepareDatabase, siblingDatabaseUrl, startServer, type RunningServer } from "../../scripts/lib/test-support.ts";

// Its own database: the suite's shared server would otherwise claim the job first.
loadEnvFile();
const databaseUrl = siblingDatabaseUrl(requireDatabaseUrl(), "shutdown");
let db: PrismaClient;
let server: RunningServer | undefined;
const sockets: Socket[] = [];
// An SMTP server that accepts and never greets: a mail job sent there stays in flight.
const blackHole = createServer((socket) => void sockets.push(socket));

beforeAll(async () => {
  await prepareDatabase(databaseUrl);
  db = new PrismaClient({ adapter: createAdapter(databaseUrl, 2) });
  await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
}, 120_000);

afterAll(async () => {
  if (server && server.process.exitCode === null) server.process.kill("SIGKILL");
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => blackHole.close(resolve));
  await db?.$disconnect();
  await dropDatabase(databaseUrl);
});

const exitOf = (s: RunningServer) =>
  new Promise<{ code: number | null; at: number }>((resolve) => {
    if (s.process.exitCode !== null) return resolve({ code: s.process.exitCode, at: Date.now() });
    s.process.once("exit", (code) => resolve({ code, at: Date.now() }));
  });

function get(agent: Agent, url: string) {
  return new Promise<{ status: number; connection: string | undefined; socket: Socket }>((resolve, reject) => {
    const req = httpRequest(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, socket: req.socket! }));
    });
    req.on("error", reject);
    req.end();
  });
}

it("SIGTERM: keep-alive closed, the request in flight answered, the claimed job handed back, exit 0", async () => {
  const smtpPort = (blackHole.address() as { port: number }).port;
  server = await startServer({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "shutdown-test-session-secret-0123456789abcdef",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    JOBS_POLL_MS: "100",
    JOBS_SHUTDOWN_GRACE_MS: "1000",
  });
  const base = server.baseUrl;

  // A mail job the worker claims and cannot finish (the SMTP server never answers).
  await db.$executeRaw`INSERT INTO jobs (kind, payload, runAt, createdAt)
    VALUES ('mail', ${JSON.stringify({ message: { to: "a@sofra.test", subject: "x", text: "x" } })}, NOW(3), NOW(3))`;
  const deadline = Date.now() + 10_000;
  let job = await db.job.findFirstOrThrow({ where: { kind: "mail" } });
  while (!job.lockedBy && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await db.job.findFirstOrThrow({ where: { id: job.id } });
  }
  expect(job.lockedBy).toBeTruthy();
  expect(job.attempts).toBe(1);

  // An idle keep-alive connection…
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const idle = await get(agent, `${base}/healthz`);
  expect(idle.status).toBe(200);
  const idleClosed = new Promise<number>((resolve) => idle.socket.once("close", () => resolve(Date.now())));

  // …and a request in flight on another keep-alive connection: a login whose body is still arriving.
  const slowAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({ email: "yok@sofra.test", password: "yanlis-sifre" });
  const slow = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
    const req = httpRequest(`${base}/api/public/login`, {
      method: "POST",
      agent: slowAgent,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }));
    });
    req.on("error", reject);
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), 1500);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));

  const exited = exitOf(server);
  const signalledAt = Date.now();
  server.process.kill("SIGTERM");

  // The idle connection is closed at once; no new connection is accepted.
  expect((await idleClosed) - signalledAt).toBeLessThan(1000);
  // The request in flight gets its answer, and is told the connection ends with it.
  const answered = await slow;
  expect(answered.status, answered.text).toBe(401);
  expect(answered.connection).toBe("close");

  const { code, at } = await exited;
  expect(code, server.log()).toBe(0);
  expect(at - signalledAt).toBeLessThan(5_000);

  // The claimed job is free for the next process now, not in 5 minutes; its try does not count.
  const released = await db.job.findUniqueOrThrow({ where: { id: job.id } });
  expect(released.status).toBe("pending");
  expect(released.lockedUntil).toBeNull();
  expect(released.lockedBy).toBeNull();
  expect(released.attempts).toBe(0);
  agent.destroy();
  slowAgent.destroy();
}, 120_000);
