// The table poll (decision 091): when one change makes every phone of a restaurant ask at once,
// one of them reads the tables and the others wait for that read instead of making their own.
import { describe, expect, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { createSession, hashToken, touchSession } from "~/modules/auth/sessions.server";
import { answerPoll, type PollDriver } from "~/modules/tables/poll.server";
import { rawQuery } from "~/utils/db.server";
import { createRestaurant, placeOrder } from "../setup/domain";

/** The app's driver, counting the full reads (the tables) apart from the session checks. */
function countingDriver() {
  const counts = { full: 0, checks: 0 };
  const driver: PollDriver = {
    query: async <T>(sql: Prisma.Sql) => {
      if (/JOIN tables t/.test(sql.sql)) counts.full++;
      else counts.checks++;
      return rawQuery<T>(sql);
    },
    touch: touchSession,
  };
  return { driver, counts };
}

describe("answerPoll", () => {
  it("six phones asking at once after a change: six session checks, one read of the tables, the same bytes", async () => {
    const tenant = await createRestaurant();
    const phones = await Promise.all(
      Array.from({ length: 6 }, () => createSession({ userId: tenant.userId, restaurantId: tenant.restaurantId })),
    );
    const { driver, counts } = countingDriver();
    await placeOrder(tenant, 1, [["Adana Kebap", 1]]);
    const answers = await Promise.all(phones.map((token) => answerPoll(driver, hashToken(token), null, new Date())));
    expect(counts).toEqual({ full: 1, checks: 6 });
    expect(new Set(answers.map((a) => (a?.status === 200 ? a.json : "none"))).size).toBe(1);
    expect(answers[0]?.status).toBe(200);
  });

  it("another restaurant's phones asking at the same moment read their own floor", async () => {
    const [a, b] = await Promise.all([createRestaurant(), createRestaurant()]);
    const [ta, tb] = await Promise.all([
      createSession({ userId: a.userId, restaurantId: a.restaurantId }),
      createSession({ userId: b.userId, restaurantId: b.restaurantId }),
    ]);
    await placeOrder(a, 2, [["Adana Kebap", 1]]);
    const { driver, counts } = countingDriver();
    const [fa, fb] = await Promise.all([
      answerPoll(driver, hashToken(ta), null, new Date()),
      answerPoll(driver, hashToken(tb), null, new Date()),
    ]);
    expect(counts.full).toBe(2);
    const occupied = (answer: typeof fa) =>
      (answer?.status === 200 ? (JSON.parse(answer.json) as { status: string }[]) : []).filter((t) => t.status === "occupied").length;
    expect([occupied(fa), occupied(fb)]).toEqual([1, 0]);
  });
});
