// Every way a busy or absent database reaches the app, produced for real against MariaDB through
// Prisma 7 and the mariadb adapter, is classified as "busy" (503 with Retry-After), and nothing else
// is. The unit test of the classifier (app/utils/db-errors.test.ts) covers the shapes; this proves
// they are the shapes the real stack throws.
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, inject, it } from "vitest";
import { PrismaClient } from "~/generated/prisma/client";
import { toApiResult } from "~/utils/api.server";
import { isDatabaseBusy } from "~/utils/db-errors";
import { createAdapter, type DatabaseTimeLimits } from "~/utils/prisma-adapter";

const clients: PrismaClient[] = [];
function client(poolSize: number, limits: Partial<DatabaseTimeLimits> = {}, maxWait = 5_000, url = inject("databaseUrl")) {
  const c = new PrismaClient({ adapter: createAdapter(url, poolSize, limits), transactionOptions: { maxWait, timeout: 15_000 } });
  clients.push(c);
  return c;
}
afterAll(async () => {
  await Promise.all(clients.map((c) => c.$disconnect().catch(() => undefined)));
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the database call to fail");
}

const codeOf = (error: unknown) => (error as { code?: string }).code;

function expectBusy(error: unknown) {
  expect(isDatabaseBusy(error), String(error)).toBe(true);
  const result = toApiResult(error);
  expect(result.status).toBe(503);
  expect(result.headers).toEqual({ "Retry-After": "2" });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("real database errors that mean 'busy' or 'away'", () => {
  it("no connection from the pool in time, for a query and for a transaction (P2039 with 45028 under Prisma 7)", async () => {
    const db = client(1, { acquireTimeoutMs: 500 });
    // The pool's one connection is held (from the moment the transaction runs, not after a guessed
    // delay) well past the three 500 ms waits below, also on a machine busy with the browser tests.
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const hold = db.$transaction(async (tx) => {
      holding();
      return tx.$queryRaw`SELECT SLEEP(5)`;
    });
    await held;
    await sleep(100);
    const query = await caught(db.plan.findFirst());
    expect(codeOf(query)).toBe("P2039");
    expect(JSON.stringify((query as { meta?: unknown }).meta)).toContain("45028");
    expectBusy(query);
    expectBusy(await caught(db.$transaction(async (tx) => tx.plan.findFirst())));
    expectBusy(await caught(db.$queryRaw`SELECT 1`));
    await hold;
  });

  it("a transaction that cannot start within its maxWait (P2028)", async () => {
    const db = client(1, {}, 300);
    const hold = db.$transaction(async (tx) => tx.$queryRaw`SELECT SLEEP(1.5)`);
    await sleep(100);
    const error = await caught(db.$transaction(async (tx) => tx.plan.findFirst()));
    expect(codeOf(error)).toBe("P2028");
    expectBusy(error);
    await hold;
  });

  it("a lock wait timeout (1205), from a raw query and from the model API", async () => {
    const holder = client(1);
    const waiter = client(2);
    const [plan] = await holder.plan.findMany({ take: 1, select: { id: true } });
    // The waiter starts once the row is locked (not after a guess of how long that takes: under a
    // loaded CI the lock could come after it), and the lock outlasts both of its 1-second waits.
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const hold = holder.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM plans WHERE id = ${plan!.id} FOR UPDATE`;
        locked();
        await tx.$queryRaw`SELECT SLEEP(6)`;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const raw = await caught(
      waiter.$transaction(async (tx) => {
        await tx.$executeRaw`SET SESSION innodb_lock_wait_timeout = 1`;
        await tx.$queryRaw`SELECT id FROM plans WHERE id = ${plan!.id} FOR UPDATE`;
      }),
    );
    expect(JSON.stringify((raw as { meta?: unknown }).meta)).toContain("1205");
    expectBusy(raw);
    const model = await caught(
      waiter.$transaction(async (tx) => {
        await tx.$executeRaw`SET SESSION innodb_lock_wait_timeout = 1`;
        await tx.plan.update({ where: { id: plan!.id }, data: { updatedAt: new Date() } });
      }),
    );
    expectBusy(model);
    await hold;
  });

  it("a deadlock (1213)", async () => {
    const a = client(1);
    const b = client(1);
    const plans = await a.plan.findMany({ take: 2, select: { id: true }, orderBy: { id: "asc" } });
    const [first, second] = plans.map((p) => p.id);
    const lockBoth = (db: PrismaClient, x: string | number, y: string | number) =>
      db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM plans WHERE id = ${x} FOR UPDATE`;
        await sleep(400);
        await tx.$queryRaw`SELECT id FROM plans WHERE id = ${y} FOR UPDATE`;
      });
    const results = await Promise.allSettled([lockBoth(a, first!, second!), lockBoth(b, second!, first!)]);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(failed).toHaveLength(1);
    expect(JSON.stringify(failed[0]!.reason)).toMatch(/1213|P2034/);
    expectBusy(failed[0]!.reason);
  });

  it("a statement past the session's time limit (1969, max_statement_time)", async () => {
    const db = client(1, { statementTimeMs: 300 });
    const error = await caught(db.$queryRaw`SELECT COUNT(*) FROM plans WHERE SLEEP(1) = 0`);
    expect(JSON.stringify((error as { meta?: unknown }).meta)).toContain("1969");
    expectBusy(error);
  });

  it("a database that is not there (nothing listens) or frozen (accepts and never answers)", async () => {
    const closed = await freePortUrl();
    expectBusy(await caught(client(1, { acquireTimeoutMs: 800 }, 5_000, closed).plan.findFirst()));

    const sockets: Socket[] = [];
    const frozen: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => frozen.listen(0, "127.0.0.1", resolve));
    try {
      const url = urlWithPort((frozen.address() as { port: number }).port);
      const started = Date.now();
      expectBusy(await caught(client(1, { acquireTimeoutMs: 1_000, connectTimeoutMs: 500 }, 5_000, url).plan.findFirst()));
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => frozen.close(resolve));
    }
  });

  it("anything else is not 'busy': a unique violation, a bad statement", async () => {
    const db = client(1);
    const [plan] = await db.plan.findMany({ take: 1 });
    expect(
      isDatabaseBusy(await caught(db.plan.create({ data: { id: plan!.id, name: "x", priceMonthly: 1, priceYearly: 1, features: [] } }))),
    ).toBe(false);
    expect(isDatabaseBusy(await caught(db.$queryRawUnsafe("SELECT nope FROM plans")))).toBe(false);
  });
});

function urlWithPort(port: number) {
  const url = new URL(inject("databaseUrl"));
  url.port = String(port);
  return url.toString();
}

async function freePortUrl() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return urlWithPort(port);
}
