// After a gün sonu the restaurant's closed days are summarised by a background job (decision 090),
// so the owner's first yearly report afterwards reads summaries (decision 036) instead of summing
// the year on the spot. The test server's job worker runs the job; nothing here asks for a report.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { reportPeriod } from "~/modules/reports/detailed";
import { splitRange, utcDay } from "~/modules/reports/rollup.server";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";

const DAY_MS = 24 * 3600_000;

/** A paid order of `amount` at `at`, written straight to the tables (a past day's trade). */
async function paidAt(t: Tenant, at: Date, amount: string) {
  const table = await prisma.restaurantTable.findFirstOrThrow({ where: { restaurantId: t.restaurantId }, orderBy: { number: "asc" } });
  const order = await prisma.order.create({
    data: {
      restaurantId: t.restaurantId,
      tableId: table.id,
      tableNumber: table.number,
      waiterName: "Ali Garson",
      status: "paid",
      totalAmount: amount,
      createdAt: at,
      paidAt: at,
    },
  });
  await prisma.orderItem.create({
    data: { orderId: order.id, menuItemName: "Çay", quantity: 2, unitPrice: "10.00", totalPrice: "20.00", createdAt: at },
  });
  await prisma.payment.create({
    data: {
      restaurantId: t.restaurantId,
      orderId: order.id,
      amount,
      method: "cash",
      takenByName: "Ali Garson",
      paidAt: at,
      closesOrder: true,
    },
  });
}

const rollupDays = async (restaurantId: number) =>
  (await prisma.reportRollup.findMany({ where: { restaurantId }, select: { day: true }, orderBy: { day: "asc" } })).map((r) =>
    utcDay(r.day.getTime()),
  );

describe("gün sonu fills the report summaries in the background", () => {
  it("after a close and the job run, every closed day of this year's report is summarised, with its sales", async () => {
    const [t, other] = await Promise.all([createTenant({ manager: true }), createTenant({ manager: true })]);
    const now = new Date();
    const period = reportPeriod("yearly", now, "Europe/Istanbul");
    const year = splitRange(period.start, period.end, now).summary;
    // Trade two and three days ago (noon UTC), on days the yearly report reads from summaries.
    const days = [3, 2].map((n) => new Date(Math.floor(now.getTime() / DAY_MS - n) * DAY_MS + 12 * 3600_000));
    const inYear = days.filter((d) => year && d >= year.from && d < year.to);
    for (const d of days) await paidAt(t, d, "123.45");
    await paidAt(other, days[0]!, "50.00");
    expect(await rollupDays(t.restaurantId)).toEqual([]);

    const res = await api("/api/day-close", {
      token: t.token,
      body: { counted_cash: "0", key: `close-${randomUUID()}` },
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(201);

    // The server's worker claims the job at once (nudged) or at its next poll (200 ms on test servers).
    const wanted = year ? Math.round((year.to.getTime() - year.from.getTime()) / DAY_MS) : 0;
    const deadline = Date.now() + 20_000;
    let summarised = await rollupDays(t.restaurantId);
    while (summarised.length < wanted && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      summarised = await rollupDays(t.restaurantId);
    }
    expect(summarised.length).toBe(wanted);
    for (const d of inYear) {
      expect(summarised).toContain(utcDay(d.getTime()));
      const hours = await prisma.reportSalesHour.findMany({ where: { restaurantId: t.restaurantId, hourStart: d } });
      expect(hours.map((h) => [h.method, Number(h.orders), h.revenue.toFixed(2)])).toEqual([["cash", 1, "123.45"]]);
    }
    const job = await prisma.job.findFirstOrThrow({
      where: { kind: "report-rollups", payload: { contains: `"restaurantId":${t.restaurantId}` } },
    });
    expect(job.status).toBe("done");
    // Only the restaurant that closed its day.
    expect(await rollupDays(other.restaurantId)).toEqual([]);
  });
});
