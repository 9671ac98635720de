// A database that is stopped or frozen: every request's wait is bounded (decision 066), the API
// answers the JSON 503 with Retry-After, pages a Turkish "try again" page with 503, and the server
// recovers by itself when the database is back.
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freePort, startServer, type RunningServer } from "../../scripts/lib/test-support.ts";
import { parseDatabaseUrl } from "~/utils/database-url";
import { createTenant } from "../setup/factories";

const BUSY = "Sunucu şu anda çok yoğun. Lütfen birkaç saniye sonra tekrar deneyin.";
const TRY_AGAIN_PAGE = "Bir sorun oluştu, lütfen tekrar deneyin.";
/**
 * The longest a request may wait: the pool's acquire timeout (5 s) or, for a query already sent to
 * a server that froze, the socket timeout (10 s); plus slack for a loaded test machine.
 */
const BOUND_MS = 12_000;
/**
 * A process that starts while the database is away first spends the acquire timeout on the driver
 * adapter's start-up probe (entry.server.tsx runs it at start): requests in those first seconds
 * wait for it too, once.
 */
const COLD_START_BOUND_MS = 15_000;

const servers: RunningServer[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const close of closers) await close();
});

function databaseUrlAt(port: number) {
  const url = new URL(inject("databaseUrl"));
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString();
}

async function serverOn(databaseUrl: string) {
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: inject("sessionSecret"),
    JOBS_WORKER: "off",
    TRUST_PROXY: "loopback",
  });
  servers.push(server);
  return server;
}

async function timed(server: RunningServer, path: string, init: RequestInit = {}) {
  const started = Date.now();
  const res = await fetch(`${server.baseUrl}${path}`, { redirect: "manual", ...init });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, ms: Date.now() - started };
}

const login = (server: RunningServer) =>
  timed(server, "/api/public/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
    body: JSON.stringify({ email: "yok@sofra.test", password: "yanlis-sifre" }),
  });

function expectApiBusy(res: Awaited<ReturnType<typeof timed>>, bound = BOUND_MS) {
  expect(res.status, res.text).toBe(503);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(JSON.parse(res.text)).toEqual({ detail: BUSY });
  expect(res.ms).toBeLessThan(bound);
}

function expectPageBusy(res: Awaited<ReturnType<typeof timed>>, bound = BOUND_MS) {
  expect(res.status, res.text.slice(0, 500)).toBe(503);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(res.text).toContain(TRY_AGAIN_PAGE);
  expect(res.ms).toBeLessThan(bound);
}

/** Every request kind that reaches the database: an API endpoint, an API session check (middleware), a page. */
async function expectAllBusy(server: RunningServer, token: string, bound = BOUND_MS) {
  const [api, session, page] = await Promise.all([
    login(server),
    timed(server, "/api/auth/me", { headers: { authorization: `Bearer ${token}` } }),
    timed(server, "/"),
  ]);
  expectApiBusy(api, bound);
  expectApiBusy(session, bound);
  expectPageBusy(page, bound);
}

/**
 * A TCP proxy to the real MariaDB that can freeze: while frozen it accepts connections and keeps
 * every byte to itself, as a MariaDB stopped with SIGSTOP (or behind a dead link) does.
 */
async function freezableProxy() {
  const target = parseDatabaseUrl(inject("databaseUrl"));
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const relay = (from: Socket, to: Socket) =>
    from.on("data", (chunk) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server: Server = createServer((client) => {
    const upstream = createConnection(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    relay(client, upstream);
    relay(upstream, client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  closers.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    port,
    freeze: () => void (frozen = true),
    thaw: () => {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
  };
}

describe("the database away", () => {
  it("stopped (nothing listens on its port): 503 JSON on the API, the Turkish page elsewhere, within the bound", async () => {
    const tenant = await createTenant();
    const server = await serverOn(databaseUrlAt(await freePort()));
    expectApiBusy(await login(server), COLD_START_BOUND_MS);
    // Past the start: each request waits the acquire timeout (5 s), no more.
    await expectAllBusy(server, tenant.token, 7_000);
    // One line per failure, not a stack trace.
    expect(server.log()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it("frozen mid-service: no request hangs, and the server recovers by itself when it is back", async () => {
    const tenant = await createTenant();
    const proxy = await freezableProxy();
    const server = await serverOn(databaseUrlAt(proxy.port));
    expect((await login(server)).status).toBe(401);
    const me = await timed(server, "/api/auth/me", { headers: { authorization: `Bearer ${tenant.token}` } });
    expect(me.status, me.text).toBe(200);

    proxy.freeze();
    await expectAllBusy(server, tenant.token);

    proxy.thaw();
    const deadline = Date.now() + 15_000;
    let back = await login(server);
    while (back.status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      back = await login(server);
    }
    expect(back.status, back.text).toBe(401);
    expect((await timed(server, "/api/auth/me", { headers: { authorization: `Bearer ${tenant.token}` } })).status).toBe(200);
    expect((await timed(server, "/")).status).toBe(200);
  }, 90_000);
});
