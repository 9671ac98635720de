// Taking sent items away (iptal) or making them free (ikram) needs manager mode or
// the manager password typed on the spot, and a reason; every such change is in
// the order's history, which the manager sees on the order and in the day's summary.
// Adding items stays free for the waiter.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, enterManagerMode, type Tenant } from "../setup/factories";
import { menuOf, orderRow, placeOrder, postOrder, updateOrder, type MenuEntry } from "../setup/floor";
import { getPage, postForm } from "../setup/pages";

const APPROVAL_NEEDED = "Gönderilmiş ürünleri azaltmak, çıkarmak ya da ikram etmek yönetici onayı gerektirir: yönetici şifresini girin.";
const REASON_NEEDED = "Gönderilmiş ürünleri azaltmak, çıkarmak ya da ikram etmek için bir neden seçin.";
const NOTE_NEEDED = "“Diğer” nedeni için kısa bir açıklama yazın.";
const WRONG_PASSWORD = "Yönetici şifresi yanlış; değişiklik kaydedilmedi.";

const line = (menu: Record<string, MenuEntry>, name: string, quantity: number, complimentary?: boolean) => ({
  menu_item_id: menu[name]!.id,
  quantity,
  ...(complimentary ? { complimentary } : {}),
});
const events = (tenant: Tenant) => prisma.orderEvent.findMany({ where: { restaurantId: tenant.restaurantId }, orderBy: { id: "asc" } });

async function waiterWithOrder(table: number) {
  const tenant = await createTenant();
  const menu = await menuOf(tenant);
  // 2 kebabs (760) and 3 teas (60).
  const order = await placeOrder(
    tenant,
    table,
    [
      ["Adana Kebap", 2],
      ["Çay", 3],
    ],
    menu,
  );
  return { tenant, menu, order };
}

describe("PUT /api/orders/table/{n}/update: taking sent items away", () => {
  it("adding items stays free for the waiter (no approval, no history)", async () => {
    const { tenant, menu, order } = await waiterWithOrder(2);
    const res = await updateOrder(tenant, 2, {
      order_id: order.id,
      items: [line(menu, "Adana Kebap", 2), line(menu, "Çay", 4), line(menu, "Ayran", 1)],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.total_amount).toBe(760 + 80 + 40);
    expect(await events(tenant)).toEqual([]);
  });

  it("lowering a sent item without manager mode or password: 403 and nothing changes", async () => {
    const { tenant, menu, order } = await waiterWithOrder(3);
    const res = await updateOrder(tenant, 3, {
      order_id: order.id,
      reason: "customer_changed_mind",
      items: [line(menu, "Adana Kebap", 1), line(menu, "Çay", 3)],
    });
    expectError(res, 403, APPROVAL_NEEDED);
    expect(Number((await orderRow(order.id)).totalAmount)).toBe(820);
    expect(await events(tenant)).toEqual([]);
  });

  it("removing a sent item with a wrong manager password: 403", async () => {
    const { tenant, menu, order } = await waiterWithOrder(4);
    const res = await updateOrder(tenant, 4, {
      order_id: order.id,
      reason: "wrong_order",
      manager_password: "yanlis-sifre",
      items: [line(menu, "Adana Kebap", 2)],
    });
    expectError(res, 403, WRONG_PASSWORD);
    expect((await orderRow(order.id)).items).toHaveLength(2);
  });

  it("with the manager password but no reason: 400; 'other' needs a note", async () => {
    const { tenant, menu, order } = await waiterWithOrder(5);
    const items = [line(menu, "Adana Kebap", 2)];
    expectError(await updateOrder(tenant, 5, { order_id: order.id, manager_password: tenant.password, items }), 400, REASON_NEEDED);
    expectError(
      await updateOrder(tenant, 5, { order_id: order.id, manager_password: tenant.password, reason: "other", items }),
      400,
      NOTE_NEEDED,
    );
    expectError(
      await updateOrder(tenant, 5, { order_id: order.id, manager_password: tenant.password, reason: "bilmem", items }),
      400,
      /^Neden şunlardan biri/,
    );
    expect((await orderRow(order.id)).items).toHaveLength(2);
  });

  it("with the manager password and a reason: applied and recorded (who, what, why, how approved)", async () => {
    const { tenant, menu, order } = await waiterWithOrder(6);
    const res = await updateOrder(tenant, 6, {
      order_id: order.id,
      manager_password: tenant.password,
      reason: "other",
      note: "  Soğuk geldi  ",
      items: [line(menu, "Adana Kebap", 1), line(menu, "Ayran", 1)],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.total_amount).toBe(380 + 40);
    const rows = await events(tenant);
    expect(
      rows.map((e) => ({
        kind: e.kind,
        item: e.menuItemName,
        q: e.quantity,
        amount: Number(e.amount),
        reason: e.reason,
        note: e.note,
        who: e.userName,
        approval: e.approval,
      })),
    ).toEqual([
      {
        kind: "void",
        item: "Adana Kebap",
        q: 1,
        amount: 380,
        reason: "other",
        note: "Soğuk geldi",
        who: "Test Sahibi",
        approval: "manager_password",
      },
      {
        kind: "void",
        item: "Çay",
        q: 3,
        amount: 60,
        reason: "other",
        note: "Soğuk geldi",
        who: "Test Sahibi",
        approval: "manager_password",
      },
    ]);
    expect(rows.every((e) => e.orderId === order.id && e.tableNumber === 6 && e.userId === tenant.userId)).toBe(true);
  });

  it("in manager mode: a reason is enough", async () => {
    const { tenant, menu, order } = await waiterWithOrder(7);
    await enterManagerMode(tenant);
    expectError(await updateOrder(tenant, 7, { order_id: order.id, items: [line(menu, "Çay", 3)] }), 400, REASON_NEEDED);
    const res = await updateOrder(tenant, 7, { order_id: order.id, reason: "wrong_order", items: [line(menu, "Çay", 3)] });
    expect(res.status, res.text).toBe(200);
    expect((await events(tenant)).map((e) => [e.kind, e.quantity, Number(e.amount), e.approval])).toEqual([
      ["void", 2, 760, "manager_mode"],
    ]);
  });

  it("ikram: a sent item made free is priced 0, needs approval, and is recorded with its value", async () => {
    const { tenant, menu, order } = await waiterWithOrder(8);
    const items = [line(menu, "Adana Kebap", 2), line(menu, "Çay", 2), line(menu, "Çay", 1, true)];
    expectError(await updateOrder(tenant, 8, { order_id: order.id, reason: "complimentary", items }), 403, APPROVAL_NEEDED);
    const res = await updateOrder(tenant, 8, { order_id: order.id, reason: "complimentary", manager_password: tenant.password, items });
    expect(res.status, res.text).toBe(200);
    expect(res.json.total_amount).toBe(760 + 40);
    const free = res.json.items.find((i: any) => i.complimentary);
    expect(free).toMatchObject({ menu_item_name: "Çay", quantity: 1, unit_price: 20, total_price: 0, discount_applied: 20 });
    expect((await events(tenant)).map((e) => [e.kind, e.menuItemName, e.quantity, Number(e.amount), e.reason])).toEqual([
      ["complimentary", "Çay", 1, 20, "complimentary"],
    ]);
    // Editing again and keeping the ikram as it is needs nothing.
    const more = await updateOrder(tenant, 8, { order_id: order.id, items: [...items, line(menu, "Ayran", 1)] });
    expect(more.status, more.text).toBe(200);
    expect(await events(tenant)).toHaveLength(1);
  });

  it("ikram on a new order needs approval too", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    expectError(await postOrder(tenant, { table_number: 9, items: [line(menu, "Künefe", 1, true)] }), 403, APPROVAL_NEEDED);
    const res = await postOrder(tenant, {
      table_number: 9,
      reason: "complimentary",
      manager_password: tenant.password,
      items: [line(menu, "Künefe", 1, true)],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.total_amount).toBe(0);
    expect((await events(tenant)).map((e) => e.kind)).toEqual(["complimentary"]);
  });
});

describe("the manager sees the history", () => {
  it("on the order (payments page) and in the day's summary (manager panel and /api/reports/daily)", async () => {
    const { tenant, menu, order } = await waiterWithOrder(10);
    await updateOrder(tenant, 10, {
      order_id: order.id,
      manager_password: tenant.password,
      reason: "customer_changed_mind",
      items: [line(menu, "Adana Kebap", 1), line(menu, "Çay", 2), line(menu, "Çay", 1, true)],
    });
    const payments = await getPage(tenant, "/payments?table=10");
    expect(payments.status).toBe(200);
    payments.text = payments.text.replaceAll("<!-- -->", "");
    expect(payments.text).toContain("İptal");
    expect(payments.text).toMatch(/1 × Adana Kebap \(.*380,00\)/);
    expect(payments.text).toContain("Müşteri vazgeçti");
    expect(payments.text).toContain("yönetici şifresi onayıyla");

    await enterManagerMode(tenant);
    const report = await api("/api/reports/daily", { token: tenant.token });
    expect(report.json).toMatchObject({ void_count: 1, void_amount: 380, complimentary_count: 1, complimentary_amount: 20 });
    const panel = await getPage(tenant, "/app/admin");
    expect(panel.status).toBe(200);
    panel.text = panel.text.replaceAll("<!-- -->", "");
    expect(panel.text).toContain("İptal ve ikram");
    expect(panel.text).toMatch(/Masa 10, sipariş #\d+/);
  });
});

describe("the order page (no JavaScript)", () => {
  const page = (t: number) => `/app/order-taking?table=${t}`;
  const keyOf = (html: string) => /name="client_order_id" value="([^"]+)"/.exec(html)?.[1];

  it("lowering a sent item shows a reason select and a manager password field; without them 403/400, with them saved and recorded", async () => {
    const { tenant, menu, order } = await waiterWithOrder(11);
    const before = await getPage(tenant, page(11));
    expect(before.text).not.toContain('name="manager_password"');
    expect((await postForm(tenant, page(11), { table: 11, dec: menu["Adana Kebap"]!.id })).status).toBe(302);
    const form = await getPage(tenant, page(11));
    expect(form.text).toContain('name="reason"');
    expect(form.text).toContain("Müşteri vazgeçti");
    expect(form.text).toContain('name="manager_password"');
    const key = keyOf(form.text)!;

    const noPassword = await postForm(tenant, page(11), {
      table: 11,
      client_order_id: key,
      reason: "wrong_order",
      manager_password: "",
      submit: "1",
    });
    expect(noPassword.status).toBe(403);
    expect(noPassword.text).toContain("yönetici onayı gerektirir");
    const noReason = await postForm(tenant, page(11), { table: 11, client_order_id: key, manager_password: tenant.password, submit: "1" });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain("bir neden seçin");
    expect(Number((await orderRow(order.id)).totalAmount)).toBe(820);

    const ok = await postForm(tenant, page(11), {
      table: 11,
      client_order_id: key,
      reason: "wrong_order",
      manager_password: tenant.password,
      submit: "1",
    });
    expect(ok.status).toBe(302);
    expect(Number((await orderRow(order.id)).totalAmount)).toBe(440);
    expect((await events(tenant)).map((e) => [e.kind, e.menuItemName, e.quantity, e.reason, e.approval])).toEqual([
      ["void", "Adana Kebap", 1, "wrong_order", "manager_password"],
    ]);
  });

  it("ikram on the page: a unit of a sent item made free needs the password and a reason; later edits keep it without asking", async () => {
    const { tenant, menu, order } = await waiterWithOrder(13);
    const tea = menu["Çay"]!.id;
    expect((await postForm(tenant, page(13), { table: 13, comp: tea })).status).toBe(302);
    const form = await getPage(tenant, page(13));
    expect(form.text.replaceAll("<!-- -->", "")).toContain("+1 ikram");
    expect(form.text).toContain('name="manager_password"');
    const key = keyOf(form.text)!;
    expect((await postForm(tenant, page(13), { table: 13, client_order_id: key, reason: "complimentary", submit: "1" })).status).toBe(403);
    const ok = await postForm(tenant, page(13), {
      table: 13,
      client_order_id: key,
      reason: "complimentary",
      manager_password: tenant.password,
      submit: "1",
    });
    expect(ok.status).toBe(302);
    const row = await orderRow(order.id);
    expect(Number(row.totalAmount)).toBe(760 + 40);
    expect(row.items.filter((i) => i.complimentary).map((i) => [i.menuItemName, i.quantity, Number(i.totalPrice)])).toEqual([
      ["Çay", 1, 0],
    ]);
    expect((await events(tenant)).map((e) => [e.kind, e.menuItemName, e.quantity, Number(e.amount), e.reason])).toEqual([
      ["complimentary", "Çay", 1, 20, "complimentary"],
    ]);

    // A waiter adds an ayran later: the ikram stays as it is, nothing to approve.
    await postForm(tenant, page(13), { table: 13, add: menu["Ayran"]!.id });
    const again = await getPage(tenant, page(13));
    expect(again.text).not.toContain('name="manager_password"');
    expect((await postForm(tenant, page(13), { table: 13, client_order_id: keyOf(again.text)!, submit: "1" })).status).toBe(302);
    const after = await orderRow(order.id);
    expect(Number(after.totalAmount)).toBe(760 + 40 + 40);
    expect(after.items.filter((i) => i.complimentary).map((i) => i.quantity)).toEqual([1]);
    expect(await events(tenant)).toHaveLength(1);
  });

  it("adding to a sent order on the page needs nothing", async () => {
    const { tenant, menu, order } = await waiterWithOrder(12);
    await postForm(tenant, page(12), { table: 12, add: menu["Çay"]!.id });
    const form = await getPage(tenant, page(12));
    expect(form.text).not.toContain('name="manager_password"');
    const res = await postForm(tenant, page(12), { table: 12, client_order_id: keyOf(form.text)!, submit: "1" });
    expect(res.status).toBe(302);
    expect(Number((await orderRow(order.id)).totalAmount)).toBe(840);
  });
});
