// Under a burst, a transaction waits for a connection like any query (the pool's 10 s) instead of
// Prisma's default 2 s: with every connection busy for 3 s, it still runs.
import { inject, expect, it } from "vitest";
import { PrismaClient } from "~/generated/prisma/client";
import { TRANSACTION_OPTIONS } from "~/utils/db.server";
import { createAdapter } from "~/utils/prisma-adapter";

it("a transaction waits for a busy pool instead of failing after 2 s", async () => {
  const client = new PrismaClient({ adapter: createAdapter(inject("databaseUrl"), 1), transactionOptions: TRANSACTION_OPTIONS });
  try {
    const hold = client.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT SLEEP(3)`;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await expect(client.$transaction(async (tx) => tx.$queryRaw`SELECT 1 AS one`)).resolves.toEqual([{ one: 1 }]);
    expect(Date.now() - started).toBeGreaterThan(2_000);
    await hold;
  } finally {
    await client.$disconnect();
  }
}, 20_000);
