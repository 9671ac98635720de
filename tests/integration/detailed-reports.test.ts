// Detailed reports: GET /api/reports/detailed, GET /api/reports/export (CSV) and the
// /app/detailed-reports page. Figures are checked against the orders, payments and stock
// this file creates, with periods cut at Istanbul's midnights (decisions 036, 037).
import { describe, expect, it } from "vitest";
import { reportPeriod, type ReportPeriod } from "~/modules/reports/detailed";
import { INVENTORY_HEADER, SALES_HEADER, STAFF_HEADER } from "~/modules/reports/csv.server";
import { zonedParts } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { api, baseUrl, randomIp } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial, menuOf, OWNER_NAME, payOrder, placeOrder } from "../setup/floor";
import { getPage, joinedText, sessionCookie } from "../setup/pages";
import { createStaffMember, setMode } from "../setup/staff";

const TZ = "Europe/Istanbul";
const BAD_TYPE = "Rapor türü şunlardan biri olmalıdır: sales, inventory, staff.";
const BAD_PERIOD = "Dönem şunlardan biri olmalıdır: daily, weekly, monthly, yearly.";
const PERIODS: ReportPeriod[] = ["daily", "weekly", "monthly", "yearly"];

const report = (tenant: Tenant, type: string, period: string) =>
  api(`/api/reports/detailed?type=${encodeURIComponent(type)}&period=${encodeURIComponent(period)}`, { token: tenant.token });

/**
 * The CSV as bytes and text, through the API. A "busy, try again" answer (503 when the database is
 * saturated, as on a loaded CI machine: decision 066) is retried once after its Retry-After, as the
 * owner's browser would; a second refusal fails the test.
 */
async function csv(tenant: Tenant, type: string, period: string) {
  const get = () =>
    fetch(`${baseUrl()}/api/reports/export?type=${type}&period=${period}`, {
      headers: { authorization: `Bearer ${tenant.token}`, "x-forwarded-for": randomIp() },
    });
  let res = await get();
  if (res.status === 503) {
    const wait = Number(res.headers.get("retry-after") ?? 1);
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 1), 10) * 1000));
    res = await get();
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  // A refusal (a 429 from the heavy-work limit, decision 090) says so here, not as a missing line.
  if (res.status !== 200) throw new Error(`export ${type} ${period}: ${res.status} ${text.slice(0, 300)}`);
  return { res, bytes, text, lines: text.replace(/^\uFEFF/, "").split("\r\n") };
}

/** Places an order of `lines` on `table`, pays it, and returns the payment row. */
async function paid(tenant: Tenant, table: number, lines: [string, number][], method: "cash" | "card", payer: Tenant = tenant) {
  const order = await placeOrder(tenant, table, lines);
  const res = await payOrder(payer, order.id, method);
  if (res.status !== 200) throw new Error(`payment failed: ${res.status} ${res.text}`);
  return prisma.payment.findFirstOrThrow({ where: { orderId: order.id } });
}

describe("sales report", () => {
  it("today's figures, exactly: revenue after discounts, discounts given, items without ikram, methods, hours, top items", async () => {
    const t = await createTenant({ manager: true });
    const ali = await createStaffMember(t, { first_name: "Ali", last_name: "Garson" });
    const p1 = await paid(t, 3, [["Adana Kebap", 2]], "cash"); // 760
    const p2 = await paid(
      t,
      7,
      [
        ["İskender", 2],
        ["Çay", 3],
      ],
      "card",
    ); // 840 + 60
    const p3 = await paid(ali, 5, [["Çay", 3]], "card"); // 60
    // A discount code took 90 off the second bill (amount is what was charged).
    await prisma.payment.update({ where: { id: p2.id }, data: { amount: "810.00", discountAmount: "90.00", discountCode: "YUZDE10" } });
    // An ikram line on the first order: on the bill at 0, not an item sold.
    await prisma.orderItem.create({
      data: {
        orderId: p1.orderId,
        menuItemName: "Künefe",
        quantity: 1,
        unitPrice: "0",
        totalPrice: "0",
        discountApplied: "150",
        complimentary: true,
      },
    });
    // Not counted: an unpaid order.
    await placeOrder(t, 9, [["Künefe", 4]]);

    const res = await report(t, "sales", "daily");
    expect(res.status, res.text).toBe(200);
    const range = reportPeriod("daily", new Date(), TZ);
    expect(res.json).toMatchObject({
      type: "sales",
      period: "daily",
      from: range.from,
      to: range.from,
      time_zone: TZ,
      period_start: range.start.toISOString(),
      period_end: range.end.toISOString(),
    });
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, revenue: 0, orders: 0 }));
    for (const [p, amount] of [
      [p1, 760],
      [p2, 810],
      [p3, 60],
    ] as const) {
      const h = hours[zonedParts(p.paidAt, TZ).hour]!;
      h.revenue += amount;
      h.orders += 1;
    }
    expect(res.json.sales).toEqual({
      total_revenue: 1630,
      total_orders: 3,
      average_order_value: 543.33,
      total_items_sold: 10,
      total_discounts: 90,
      discounted_orders: 1,
      top_selling_items: [
        { name: "Çay", quantity: 6, revenue: 120 },
        { name: "İskender", quantity: 2, revenue: 840 },
        { name: "Adana Kebap", quantity: 2, revenue: 760 },
      ],
      hourly_breakdown: hours,
      payment_methods: [
        { method: "cash", meal_card: null, label: "Nakit", count: 1, amount: 760 },
        { method: "card", meal_card: null, label: "Kart", count: 2, amount: 870 },
      ],
    });
  });

  it("periods are Istanbul's calendar: today, the ISO week from Monday, the month, the year; each boundary exactly", async () => {
    const now = new Date();
    const ranges = Object.fromEntries(PERIODS.map((p) => [p, reportPeriod(p, now, TZ)])) as Record<
      ReportPeriod,
      ReturnType<typeof reportPeriod>
    >;
    // Istanbul is UTC+3 all year: every period starts at 21:00 UTC the day before.
    for (const p of PERIODS) expect(ranges[p].start.toISOString()).toMatch(/T21:00:00\.000Z$/);
    expect(zonedParts(ranges.weekly.start, TZ)).toMatchObject({ hour: 0, minute: 0 });
    expect(new Date(ranges.weekly.from + "T00:00:00Z").getUTCDay()).toBe(1); // a Monday
    expect(ranges.weekly.end.getTime() - ranges.weekly.start.getTime()).toBe(7 * 24 * 3600_000);
    expect(ranges.monthly.from.endsWith("-01")).toBe(true);
    expect(ranges.yearly.from.endsWith("-01-01")).toBe(true);
    expect(ranges.yearly.to.endsWith("-12-31")).toBe(true);

    // One paid order (n × Çay, 20 lira each) at each boundary and just before it.
    const t = await createTenant({ manager: true });
    const menu = await menuOf(t);
    const instants = [
      ...PERIODS.flatMap((p) => [ranges[p].start, new Date(ranges[p].start.getTime() - 1)]),
      new Date(ranges.daily.end.getTime() - 1),
      ranges.daily.end,
      // The middle of the year's first month (read from the day summaries when it is over).
      new Date(ranges.yearly.start.getTime() + 15 * 24 * 3600_000 + 12 * 3600_000),
    ];
    const payments: { paidAt: Date; amount: number; quantity: number }[] = [];
    for (const [i, at] of instants.entries()) {
      const quantity = i + 1;
      const order = await placeOrder(t, (i % 20) + 1, [["Çay", quantity]], menu);
      expect((await payOrder(t, order.id, i % 2 ? "card" : "cash")).status).toBe(200);
      await prisma.payment.updateMany({ where: { orderId: order.id }, data: { paidAt: at } });
      payments.push({ paidAt: at, amount: 20 * quantity, quantity });
    }
    for (const p of PERIODS) {
      const r = ranges[p];
      const inside = payments.filter((x) => x.paidAt >= r.start && x.paidAt < r.end);
      // Twice: the first run summarises the closed days, the second reads the summaries.
      for (const run of [1, 2]) {
        const res = await report(t, "sales", p);
        expect(res.status, res.text).toBe(200);
        const s = res.json.sales;
        expect({ period: p, run, orders: s.total_orders, revenue: s.total_revenue, items: s.total_items_sold }).toEqual({
          period: p,
          run,
          orders: inside.length,
          revenue: inside.reduce((n, x) => n + x.amount, 0),
          items: inside.reduce((n, x) => n + x.quantity, 0),
        });
        const byHour = Array.from({ length: 24 }, () => 0);
        for (const x of inside) byHour[zonedParts(x.paidAt, TZ).hour]! += x.amount;
        expect(s.hourly_breakdown.map((h: { revenue: number }) => h.revenue)).toEqual(byHour);
      }
      // The period's first instant is in it, the instant before is not.
      expect(payments.some((x) => x.paidAt.getTime() === r.start.getTime())).toBe(true);
    }
    // Midnight in Istanbul is hour 0 of the hourly breakdown.
    const daily = (await report(t, "sales", "daily")).json.sales;
    expect(daily.hourly_breakdown[0].orders).toBeGreaterThanOrEqual(1);
    expect(daily.hourly_breakdown[23].orders).toBeGreaterThanOrEqual(1);
  });

  it("concurrent first reports of a year summarise each day once and agree", async () => {
    const t = await createTenant({ manager: true });
    const menu = await menuOf(t);
    const start = reportPeriod("yearly", new Date(), TZ).start.getTime();
    for (let i = 0; i < 6; i++) {
      const order = await placeOrder(t, i + 1, [["Ayran", i + 1]], menu);
      expect((await payOrder(t, order.id, "cash")).status).toBe(200);
      await prisma.payment.updateMany({ where: { orderId: order.id }, data: { paidAt: new Date(start + (i * 9 + 1) * 24 * 3600_000) } });
    }
    const answers = await Promise.all(Array.from({ length: 5 }, () => report(t, "sales", "yearly")));
    for (const a of answers) {
      expect(a.status, a.text).toBe(200);
      expect(a.json.sales).toEqual(answers[0]!.json.sales);
    }
    expect(answers[0]!.json.sales.total_orders).toBe(6);
    expect(answers[0]!.json.sales.top_selling_items).toEqual([{ name: "Ayran", quantity: 21, revenue: 21 * Number(menu["Ayran"]!.price) }]);
    const days = await prisma.reportRollup.groupBy({ by: ["day"], where: { restaurantId: t.restaurantId }, _count: { _all: true } });
    expect(days.every((d) => d._count._all === 1)).toBe(true);
  });
});

describe("inventory report", () => {
  it("items, stock value, the low-stock table and the period's movements, from the stock the test made", async () => {
    const t = await createTenant({ manager: true });
    const create = (body: Record<string, unknown>) => api("/api/stock", { token: t.token, body });
    const un = (await create({ name: "Un", unit: "kg", current_stock: 5, min_stock: 10, max_stock: 50, cost_per_unit: 20.5 })).json;
    const sut = (await create({ name: "Süt", unit: "lt", current_stock: 30, min_stock: 10, max_stock: 60, cost_per_unit: 12.25 })).json;
    const old = (await create({ name: "Eski", current_stock: 100, min_stock: 200, cost_per_unit: 99 })).json;
    expect((await api(`/api/stock/${old.id}`, { token: t.token, method: "DELETE" })).status).toBeLessThan(300);
    const moved = await api(`/api/stock/${sut.id}`, {
      token: t.token,
      method: "PUT",
      body: { stock_change: -4, reason: "waste", note: "Bozuldu" },
    });
    expect(moved.status, moved.text).toBe(200);

    const res = await report(t, "inventory", "monthly");
    expect(res.status, res.text).toBe(200);
    const inv = res.json.inventory;
    expect(inv.total_items).toBe(2);
    expect(inv.total_value).toBe(5 * 20.5 + 26 * 12.25);
    expect(inv.low_stock_count).toBe(1);
    expect(inv.low_stock_items).toEqual([{ id: un.id, name: "Un", current_stock: 5, min_stock: 10, unit: "kg", status: "Kritik" }]);
    const moves = await prisma.stockMovement.findMany({
      where: { restaurantId: t.restaurantId },
      include: { stockItem: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(inv.stock_movements.count).toBe(moves.length);
    expect(inv.stock_movements.by_reason).toEqual([
      { reason: "purchase", label: "Satın alma", count: moves.filter((m) => m.reason === "purchase").length },
      { reason: "adjustment", label: "Sayım düzeltmesi", count: 0 },
      { reason: "waste", label: "Fire / zayi", count: 1 },
    ]);
    expect(inv.stock_movements.recent[0]).toMatchObject({
      item: "Süt",
      unit: "lt",
      change: -4,
      level: 26,
      reason: "waste",
      note: "Bozuldu",
    });
    expect(inv.stock_movements.recent.map((m: { id: number }) => m.id)).toEqual(moves.map((m) => m.id));

    // Movements before the period are not the period's: Un's opening purchase (the oldest) moves to yesterday.
    expect(moves.at(-1)!.stockItemId).toBe(un.id);
    await prisma.stockMovement.updateMany({
      where: { id: moves.at(-1)!.id },
      data: { createdAt: new Date(reportPeriod("daily", new Date(), TZ).start.getTime() - 1) },
    });
    const today = (await report(t, "inventory", "daily")).json.inventory;
    expect(today.stock_movements.count).toBe(moves.length - 1);

    const file = await csv(t, "inventory", "daily");
    expect(file.lines[0]).toBe(INVENTORY_HEADER.join(";"));
    expect(file.lines.slice(1, -1)).toEqual([
      `Un;Malzeme;5,00;kg;10,00;20,50;102,50;Kritik;0,00;0,00;0`,
      `Süt;Malzeme;26,00;lt;10,00;12,25;318,50;Normal;30,00;4,00;2`,
    ]);
  });
});

describe("staff report", () => {
  it("per account: paid orders taken (served) and their sales, payments taken; current staff counted, deleted accounts apart and labelled", async () => {
    const t = await createTenant({ manager: true });
    const ali = await createStaffMember(t, { first_name: "Ali", last_name: "Garson" });
    const ece = await createStaffMember(t, { first_name: "Ece", last_name: "Kasa", role: "cashier" });
    const can = await createStaffMember(t, { first_name: "Can", last_name: "Eski" });
    await paid(t, 3, [["Adana Kebap", 1]], "cash"); // owner took and paid: 380
    await paid(ali, 5, [["Çay", 2]], "cash", t); // Ali took, owner paid: 40
    await paid(ali, 6, [["Ayran", 1]], "card", ali); // Ali took and paid
    await paid(ece, 7, [["Çay", 1]], "cash", ece); // Ece took and paid 20, then left
    const ayran = (await menuOf(t))["Ayran"]!.price;
    // Deleted through the staff screen's endpoint (decision 027): Ece worked this week, Can never did.
    for (const gone of [ece, can]) {
      const res = await api(`/api/staff/${gone.staffId}`, { method: "DELETE", token: t.token });
      expect(res.status, res.text).toBe(200);
    }
    // Bob is on the staff but took nothing this week.
    const bob = await createStaffMember(t, { first_name: "Bob", last_name: "Yeni" });

    const res = await report(t, "staff", "weekly");
    expect(res.status, res.text).toBe(200);
    expect(res.json.staff).toEqual({
      // The owner, Ali and Bob: the accounts of today; Ece and Can are deleted.
      total_staff: 3,
      // Of those, who took an order or a payment in the period.
      active_staff: 2,
      // Deleted accounts whose work falls in the period: listed, labelled, never counted as staff.
      deleted_staff: 1,
      staff_performance: [
        {
          user_id: t.userId,
          name: OWNER_NAME,
          role: "admin",
          role_label: "Yönetici",
          active: true,
          orders_served: 1,
          total_sales: 380,
          payments_taken: 2,
          payments_amount: 420,
        },
        {
          user_id: ali.staffId,
          name: "Ali Garson",
          role: "waiter",
          role_label: "Garson",
          active: true,
          orders_served: 2,
          total_sales: 40 + ayran,
          payments_taken: 1,
          payments_amount: ayran,
        },
        {
          user_id: ece.staffId,
          name: "Ece Kasa",
          role: "cashier",
          role_label: "Kasiyer",
          active: false,
          orders_served: 1,
          total_sales: 20,
          payments_taken: 1,
          payments_amount: 20,
        },
        {
          user_id: bob.staffId,
          name: "Bob Yeni",
          role: "waiter",
          role_label: "Garson",
          active: true,
          orders_served: 0,
          total_sales: 0,
          payments_taken: 0,
          payments_amount: 0,
        },
      ],
    });
    expect(JSON.stringify(res.json)).not.toMatch(/rating/);
    expect(JSON.stringify(res.json)).not.toContain("Can Eski");
    const file = await csv(t, "staff", "weekly");
    expect(file.lines[0]).toBe(STAFF_HEADER.join(";"));
    expect(file.lines[1]).toBe(`${OWNER_NAME};Yönetici;Aktif;1;380,00;2;420,00`);
    expect(file.lines[3]).toBe("Ece Kasa;Kasiyer;Silinmiş hesap;1;20,00;1;20,00");
    const page = joinedText((await getPage(t, "/app/detailed-reports?type=staff&period=weekly")).text);
    expect(page).toMatch(/Ece Kasa<[^]*?Silinmiş hesap/);
    expect(page).toMatch(/data-testid="stat-total-staff"[^]*?>3</);
    expect(page).toMatch(/data-testid="stat-deleted-staff"[^]*?>1</);
  });
});

describe("CSV export", () => {
  it("a streamed attachment: UTF-8 with a BOM, `;` and decimal commas, a header row, one row per paid order", async () => {
    const t = await createTenant({ manager: true });
    const p1 = await paid(
      t,
      4,
      [
        ["Serpme Kahvaltı", 1],
        ["Çay", 2],
      ],
      "cash",
    );
    const p2 = await paid(t, 8, [["Mercimek Çorbası", 1]], "card");
    await prisma.payment.update({ where: { id: p2.id }, data: { amount: "80.50", discountAmount: "9.50", discountCode: "KIS;24" } });
    const file = await csv(t, "sales", "monthly");
    expect(file.res.status).toBe(200);
    expect(file.res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.res.headers.get("content-disposition")).toBe(
      `attachment; filename="sofra-satis-raporu-aylik-${reportPeriod("monthly", new Date(), TZ).from}.csv"`,
    );
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.lines[0]).toBe(SALES_HEADER.join(";"));
    expect(file.lines.at(-1)).toBe("");
    const local = (d: Date) => {
      const p = zonedParts(d, TZ);
      const two = (n: number) => String(n).padStart(2, "0");
      return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
    };
    expect(file.lines.slice(1, -1)).toEqual([
      `${local(p1.paidAt)};${p1.orderId};4;${OWNER_NAME};${OWNER_NAME};Nakit;3;${Number(p1.amount).toFixed(2).replace(".", ",")};0,00;`,
      `${local(p2.paidAt)};${p2.orderId};8;${OWNER_NAME};${OWNER_NAME};Kart;1;80,50;9,50;"KIS;24"`,
    ]);
  });

  it("a spreadsheet formula in a name is defused", async () => {
    const t = await createTenant({ manager: true, first_name: "=HYPERLINK(1)", last_name: "X" });
    await paid(t, 2, [["Çay", 1]], "cash");
    const file = await csv(t, "sales", "daily");
    expect(file.lines[1]!.split(";")[3]).toBe("'=HYPERLINK(1) X");
  });
});

describe("refusals", () => {
  it("a bad choice → 400 with a Turkish detail, on both endpoints (every case: tests/domain/report-query-input.test.ts)", async () => {
    const t = await createTenant({ manager: true });
    for (const [path, detail] of [
      ["/api/reports/detailed?type=orders&period=daily", BAD_TYPE],
      ["/api/reports/export?type=sales&period=decade", BAD_PERIOD],
    ]) {
      const res = await api(path!, { token: t.token });
      expect(res.status, path).toBe(400);
      expect(res.json.detail).toBe(detail);
    }
  });

  it("the page with a bad choice answers 400 and says why", async () => {
    const t = await createTenant({ manager: true });
    const res = await getPage(t, "/app/detailed-reports?type=sales&period=century");
    expect(res.status).toBe(400);
    expect(joinedText(res.text)).toContain(BAD_PERIOD);
  });

  it("manager mode is required: the page and both endpoints refuse staff mode and a waiter (403)", async () => {
    const t = await createTenant({ manager: true });
    const waiter = await createStaffMember(t);
    await setMode(t, "staff");
    for (const who of [t, waiter]) {
      expect((await report(who, "sales", "daily")).status).toBe(403);
      expect((await api("/api/reports/export?type=sales&period=daily", { token: who.token })).status).toBe(403);
      expect((await getPage(who, "/app/detailed-reports")).status).toBe(403);
    }
    expect((await api("/api/reports/detailed?type=sales&period=daily")).status).toBe(401);
  });

  it("an expired trial: 403 with the upgrade message; the page shows the premium gate, no figures", async () => {
    const t = await createTenant({ manager: true });
    await expireTrial(t);
    const res = await report(t, "sales", "daily");
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ detail: "Deneme süreniz doldu. Detaylı raporlar için planınızı yükseltin.", upgrade_required: true });
    expect((await api("/api/reports/export?type=sales&period=daily", { token: t.token })).status).toBe(403);
    const page = await getPage(t, "/app/detailed-reports");
    expect(page.status).toBe(200);
    expect(page.text).toContain('role="dialog"');
    expect(page.text).not.toContain('data-testid="stat-revenue"');
  });
});

describe("tenant isolation", () => {
  it("another restaurant's orders, payments, stock and staff never appear", async () => {
    const [a, b] = await Promise.all([createTenant({ manager: true }), createTenant({ manager: true })]);
    await paid(b, 1, [["Adana Kebap", 3]], "cash");
    await createStaffMember(b, { first_name: "Başka", last_name: "Garson" });
    await api("/api/stock", { token: b.token, body: { name: "Başkasının Unu", current_stock: 1, min_stock: 5, cost_per_unit: 10 } });
    for (const period of PERIODS) {
      const sales = (await report(a, "sales", period)).json.sales;
      expect(sales).toMatchObject({ total_revenue: 0, total_orders: 0, total_items_sold: 0, top_selling_items: [] });
      const inv = (await report(a, "inventory", period)).json.inventory;
      expect(inv).toMatchObject({ total_items: 0, total_value: 0, low_stock_items: [], stock_movements: { count: 0, recent: [] } });
      const staff = (await report(a, "staff", period)).json.staff;
      expect(staff.staff_performance.map((s: { user_id: number }) => s.user_id)).toEqual([a.userId]);
      for (const type of ["sales", "inventory"]) expect((await csv(a, type, period)).lines.slice(1)).toEqual([""]);
    }
    // And b sees its own.
    expect((await report(b, "sales", "daily")).json.sales.total_orders).toBe(1);
  });
});

describe("the page", () => {
  it("a GET form of type and period; the figures, the SVG charts and the CSV link, without JavaScript", async () => {
    const t = await createTenant({ manager: true });
    await paid(t, 3, [["Adana Kebap", 2]], "cash");
    const res = await getPage(t, "/app/detailed-reports?type=sales&period=weekly");
    expect(res.status).toBe(200);
    const html = joinedText(res.text);
    expect(html).toMatch(/<form [^>]*action="\/app\/detailed-reports[^"]*" method="get">/);
    expect(html).toContain('<option value="weekly" selected="">Haftalık</option>');
    expect(html).toContain("₺760,00");
    expect(html).toMatch(/<svg class="chart"[^>]*role="img"[^>]*aria-label="Saatlere göre ciro/);
    expect(html).toContain('href="/api/reports/export?type=sales&amp;period=weekly"');
    const inv = joinedText((await getPage(t, "/app/detailed-reports?type=inventory&period=daily")).text);
    expect(inv).toContain("Stok Raporu");
    const staff = joinedText((await getPage(t, "/app/detailed-reports?type=staff&period=yearly")).text);
    expect(staff).toContain(OWNER_NAME);
    // The CSV link works with the page's session cookie.
    const viaCookie = await fetch(`${baseUrl()}/api/reports/export?type=sales&period=weekly`, {
      headers: { cookie: await sessionCookie(t), "x-forwarded-for": randomIp() },
    });
    expect(viaCookie.status).toBe(200);
    expect((await viaCookie.text()).split("\r\n")).toHaveLength(3);
  });
});
