// Moving people and plates (issue 22, decision 084): a party to an empty table, one table's bill
// into another's, and order lines to another table: atomic under both tables' locks (no deadlock
// when two opposite moves race), exactly once by key, tenant- and role-checked, with the kitchen's
// tickets following and the payments screen paying the moved bill.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { clientOrderId, menuOf, payOrder, postOrder, tableState, type MenuEntry } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";
import { createStaffMember } from "../setup/staff";

const line = (menu: Record<string, MenuEntry>, name: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  menu_item_id: menu[name]!.id,
  quantity,
  ...extra,
});
const move = (t: Tenant, from: number, body: unknown) => api(`/api/tables/${from}/move`, { token: t.token, body });
const merge = (t: Tenant, from: number, body: unknown) => api(`/api/tables/${from}/merge`, { token: t.token, body });
const moveItems = (t: Tenant, orderId: number, body: unknown) => api(`/api/orders/${orderId}/move-items`, { token: t.token, body });
const key = () => clientOrderId().slice(0, 40);

async function order(t: Tenant, table: number, items: unknown[], extra: Record<string, unknown> = {}) {
  const res = await postOrder(t, { table_number: table, client_order_id: clientOrderId(), items, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; items: { id: number; menu_item_name: string; quantity: number }[] };
}

const ordersOn = async (t: Tenant, table: number) =>
  (
    await prisma.order.findMany({
      where: { restaurantId: t.restaurantId, tableNumber: table, status: "active" },
      orderBy: { id: "asc" },
    })
  ).map((o) => o.id);

const ticketTables = async (t: Tenant) => {
  const res = await api("/api/kitchen/tickets", { token: t.token });
  expect(res.status, res.text).toBe(200);
  return (res.json as any[]).map((k) => [k.order_id, k.table_number]);
};

describe("moving a table", () => {
  it("takes every open order, its tickets and its party to an empty table, once per key", async () => {
    const owner = await createTenant({ manager: true });
    const menu = await menuOf(owner);
    const a = await order(owner, 3, [line(menu, "Adana Kebap", 1)], { customer_count: 4 });
    const b = await order(owner, 3, [line(menu, "Çay", 2)]);
    const k = key();
    const res = await move(owner, 3, { to_table_number: 5, key: k });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ kind: "move", from_table_number: 3, to_table_number: 5, order_ids: [a.id, b.id] });
    expect(await ordersOn(owner, 5)).toEqual([a.id, b.id]);
    expect(await ordersOn(owner, 3)).toEqual([]);
    expect(await tableState(owner, 3)).toMatchObject({ status: "empty", customer_count: 0, waiter_name: null });
    expect(await tableState(owner, 5)).toMatchObject({ status: "occupied", customer_count: 4 });
    // The kitchen's tickets read the new table.
    expect((await ticketTables(owner)).every(([, table]) => table === 5)).toBe(true);

    // The same key again: answered, nothing moves back or twice.
    const again = await move(owner, 3, { to_table_number: 5, key: k });
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(await prisma.tableMove.count({ where: { restaurantId: owner.restaurantId } })).toBe(1);
    // Paying on the new table frees it.
    expect((await payOrder(owner, a.id)).status).toBe(200);
    const last = await payOrder(owner, b.id);
    expect(last.json).toMatchObject({ table_number: 5, table_freed: true });
  });

  it("refuses an occupied target (merge is the way), an empty source, the same table, and bad input; nothing changes", async () => {
    const owner = await createTenant();
    const menu = await menuOf(owner);
    const a = await order(owner, 3, [line(menu, "Çay", 1)]);
    await order(owner, 4, [line(menu, "Ayran", 1)]);
    expectError(
      await move(owner, 3, { to_table_number: 4 }),
      409,
      'Masa 4 boş değil. İki masanın hesabını birleştirmek için "Birleştir"i kullanın.',
    );
    expectError(await move(owner, 6, { to_table_number: 7 }), 409, "Masa 6'da açık hesap yok.");
    expectError(await move(owner, 3, { to_table_number: 3 }), 400, "Bir masa kendisine taşınamaz; başka bir masa seçin.");
    expectError(await move(owner, 3, {}), 400, "Taşınacak masayı seçin.");
    expectError(await move(owner, 3, { to_table_number: "beş" }), 400, "Masa numarası bir sayı olmalıdır.");
    expectError(await move(owner, 3, { to_table_number: 5, key: "x" }), 400, "İşlem anahtarı (key) 8-64 harf, rakam, - veya _ olmalıdır.");
    // A table the restaurant does not have (another restaurant's numbering is not this one's): 404.
    expect((await move(owner, 3, { to_table_number: 999 })).status).toBe(404);
    await prisma.restaurantTable.updateMany({ where: { restaurantId: owner.restaurantId, number: 8 }, data: { status: "out_of_order" } });
    expectError(await move(owner, 3, { to_table_number: 8 }), 409, "Masa 8 servis dışı; oraya taşınamaz.");
    expect(await ordersOn(owner, 3)).toEqual([a.id]);
    expect(await prisma.tableMove.count({ where: { restaurantId: owner.restaurantId } })).toBe(0);
  });
});

describe("merging tables", () => {
  it("puts one table's orders on another's bill and adds the guests; into a table without a bill is refused", async () => {
    const owner = await createTenant();
    const menu = await menuOf(owner);
    const a = await order(owner, 3, [line(menu, "Çay", 1)], { customer_count: 2 });
    const b = await order(owner, 5, [line(menu, "Ayran", 1)], { customer_count: 3 });
    expectError(await merge(owner, 3, { into_table_number: 6 }), 409, "Masa 6'da açık hesap yok; bu masaya taşımayı kullanın.");
    const res = await merge(owner, 3, { into_table_number: 5, key: key() });
    expect(res.status, res.text).toBe(200);
    expect(await ordersOn(owner, 5)).toEqual([a.id, b.id]);
    expect(await tableState(owner, 5)).toMatchObject({ status: "occupied", customer_count: 5 });
    expect(await tableState(owner, 3)).toMatchObject({ status: "empty" });
  });

  it("two opposite merges at once: one wins, the other finds its table empty (409); no deadlock, no lost order", async () => {
    const owner = await createTenant();
    const menu = await menuOf(owner);
    for (let round = 0; round < 4; round++) {
      const [x, y] = [10 + round * 2, 11 + round * 2];
      const a = await order(owner, x, [line(menu, "Çay", 1)]);
      const b = await order(owner, y, [line(menu, "Ayran", 1)]);
      const answers = await Promise.all([merge(owner, x, { into_table_number: y }), merge(owner, y, { into_table_number: x })]);
      expect(answers.map((r) => r.status).sort(), answers.map((r) => r.text).join(" | ")).toEqual([200, 409]);
      const onX = await ordersOn(owner, x);
      const onY = await ordersOn(owner, y);
      expect([...onX, ...onY].sort()).toEqual([a.id, b.id].sort());
      expect(onX.length === 0 || onY.length === 0).toBe(true);
    }
  });

  it("a double submit with one key merges once", async () => {
    const owner = await createTenant();
    const menu = await menuOf(owner);
    await order(owner, 3, [line(menu, "Çay", 1)]);
    await order(owner, 5, [line(menu, "Ayran", 1)]);
    const k = key();
    const answers = await Promise.all([1, 2, 3].map(() => merge(owner, 3, { into_table_number: 5, key: k })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await prisma.tableMove.count({ where: { restaurantId: owner.restaurantId } })).toBe(1);
  });
});

describe("moving lines", () => {
  it("moves units with their price, note and options to another table as a new order; the kitchen's tickets follow", async () => {
    const owner = await createTenant({ manager: true });
    const menu = await menuOf(owner);
    const sent = await order(owner, 3, [line(menu, "Adana Kebap", 3, { note: "acısız" }), line(menu, "Ayran", 1)]);
    const adana = sent.items.find((i) => i.menu_item_name === "Adana Kebap")!;
    const ayran = sent.items.find((i) => i.menu_item_name === "Ayran")!;
    // The kitchen has started the Adana: the moved plate keeps its state.
    const [kitchenTicket] = ((await api("/api/kitchen/tickets", { token: owner.token })).json as any[]).filter(
      (t) => t.station.name === "Mutfak",
    );
    await api(`/api/kitchen/tickets/${kitchenTicket.id}/status`, { token: owner.token, body: { status: "preparing" } });

    const res = await moveItems(owner, sent.id, {
      items: [
        { order_item_id: adana.id, quantity: 1 },
        { order_item_id: ayran.id, quantity: 1 },
      ],
      to_table_number: 7,
      key: key(),
    });
    expect(res.status, res.text).toBe(200);
    const [newId] = res.json.order_ids;
    const moved = await prisma.order.findUniqueOrThrow({ where: { id: newId }, include: { items: { orderBy: { id: "asc" } } } });
    expect(moved).toMatchObject({ tableNumber: 7, status: "active" });
    expect(moved.items.map((i) => [i.menuItemName, i.quantity, Number(i.unitPrice), Number(i.totalPrice), i.note])).toEqual([
      ["Adana Kebap", 1, 380, 380, "acısız"],
      ["Ayran", 1, 40, 40, null],
    ]);
    expect(Number(moved.totalAmount)).toBe(420);
    const left = await prisma.order.findUniqueOrThrow({ where: { id: sent.id }, include: { items: true } });
    expect(left.items.map((i) => [i.menuItemName, i.quantity])).toEqual([["Adana Kebap", 2]]);
    expect(Number(left.totalAmount)).toBe(760);
    expect(await tableState(owner, 7)).toMatchObject({ status: "occupied" });

    const tickets = (await api("/api/kitchen/tickets", { token: owner.token })).json as any[];
    const show = (t: any) => [t.table_number, t.station.name, t.items.map((i: any) => `${i.quantity} × ${i.name} ${i.status}`).join()];
    expect(tickets.map(show).sort()).toEqual(
      [
        [3, "Mutfak", "2 × Adana Kebap preparing"],
        [7, "Mutfak", "1 × Adana Kebap preparing"],
        [7, "Bar", "1 × Ayran new"],
      ].sort(),
    );
    // Table 3's bar ticket had only the ayran: it went with it.
    expect(tickets.filter((t) => t.table_number === 3 && t.station.name === "Bar")).toEqual([]);
  });

  it("moving everything cancels the emptied order and frees its table; refusals are clear and change nothing", async () => {
    const owner = await createTenant();
    const other = await createTenant();
    const menu = await menuOf(owner);
    const sent = await order(owner, 3, [line(menu, "Çay", 2)]);
    const cay = sent.items[0]!;
    expectError(
      await moveItems(owner, sent.id, { items: [{ order_item_id: cay.id, quantity: 3 }], to_table_number: 4 }),
      400,
      "“Çay” satırından en fazla 2 adet taşınabilir.",
    );
    expectError(
      await moveItems(owner, sent.id, { items: [{ order_item_id: 999999999, quantity: 1 }], to_table_number: 4 }),
      404,
      "Bu siparişte böyle bir kalem yok (#999999999).",
    );
    expectError(await moveItems(owner, sent.id, { items: [], to_table_number: 4 }), 400, "Taşınacak en az bir kalem seçin.");
    // Another restaurant's order: 404, as if it did not exist.
    expectError(
      await moveItems(other, sent.id, { items: [{ order_item_id: cay.id, quantity: 1 }], to_table_number: 4 }),
      404,
      "Sipariş bulunamadı.",
    );
    expect(await prisma.order.count({ where: { restaurantId: owner.restaurantId } })).toBe(1);

    const all = await moveItems(owner, sent.id, { items: [{ order_item_id: cay.id, quantity: 2 }], to_table_number: 4 });
    expect(all.status, all.text).toBe(200);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe("cancelled");
    expect(await tableState(owner, 3)).toMatchObject({ status: "empty" });
    expect(await ordersOn(owner, 4)).toEqual(all.json.order_ids);
    // A cancelled order's lines cannot move again.
    expectError(
      await moveItems(owner, sent.id, { items: [{ order_item_id: cay.id, quantity: 1 }], to_table_number: 5 }),
      409,
      "Bu sipariş açık değil (ödenmiş ya da iptal); kalemleri taşınamaz.",
    );
  });

  it("a kitchen account may not move (403); a waiter may", async () => {
    const owner = await createTenant({ manager: true });
    const kitchen = await createStaffMember(owner, { role: "kitchen" });
    const waiter = await createStaffMember(owner, { role: "waiter" });
    const menu = await menuOf(owner);
    await order(owner, 3, [line(menu, "Çay", 1)]);
    expect((await move(kitchen, 3, { to_table_number: 5 })).status).toBe(403);
    expect((await move(waiter, 3, { to_table_number: 5 })).status).toBe(200);
  });
});

describe("the move page without JavaScript", () => {
  const page = (table: number) => `/app/table-move?table=${table}`;

  it("moves, merges and moves lines with plain forms, once per rendered key, and says so", async () => {
    const owner = await createTenant();
    const menu = await menuOf(owner);
    const a = await order(owner, 3, [line(menu, "Adana Kebap", 2), line(menu, "Çay", 1)]);
    await order(owner, 6, [line(menu, "Ayran", 1)]);
    const html = joinedText((await getPage(owner, page(3))).text);
    expect(html).toContain("Masayı taşı");
    // The move's target list offers empty tables only; the merge's, tables with a bill.
    const moveKey = /name="intent" value="move"\/><input type="hidden" name="key" value="([^"]+)"/.exec(html)![1]!;

    const moved = await postForm(owner, page(3), { intent: "move", key: moveKey, to_table_number: "5" });
    expect(moved.status).toBe(302);
    expect(moved.location).toBe("/app/table-move?table=5");
    // The same form posted again (a double tap, a resent POST): nothing more happens.
    expect((await postForm(owner, page(3), { intent: "move", key: moveKey, to_table_number: "5" })).status).toBe(302);
    expect(await ordersOn(owner, 5)).toEqual([a.id]);
    expect(joinedText((await getPage(owner, page(5))).text)).toContain("Taşındı</strong>: Masa 3 → Masa 5");

    const adana = a.items.find((i) => i.menu_item_name === "Adana Kebap")!;
    const lines = await postForm(owner, page(5), {
      intent: "move-items",
      order_id: String(a.id),
      key: "lines-key-0001",
      [`qty-${adana.id}`]: "1",
      to_table_number: "6",
    });
    expect(lines.status).toBe(302);
    expect(
      await prisma.orderItem.count({
        where: { order: { restaurantId: owner.restaurantId, tableNumber: 6, status: "active" }, menuItemName: "Adana Kebap" },
      }),
    ).toBe(1);
    expect(joinedText((await getPage(owner, page(5))).text)).toContain("Ürün taşındı</strong>: Masa 5 → Masa 6 (1 × Adana Kebap)");

    const merged = await postForm(owner, page(5), { intent: "merge", key: "merge-key-0001", into_table_number: "6" });
    expect(merged.status).toBe(302);
    expect(await ordersOn(owner, 5)).toEqual([]);

    // Refusals come back on the page, in Turkish.
    const none = await postForm(owner, page(6), { intent: "move-items", order_id: String(a.id), to_table_number: "7" });
    expect(none.status).toBe(400);
    expect(joinedText(none.text)).toContain("Taşınacak en az bir kalem seçin.");
    const taken = await postForm(owner, page(6), { intent: "move", to_table_number: "6" });
    expect(taken.status).toBe(400);
    expect(joinedText(taken.text)).toContain("Bir masa kendisine taşınamaz");
  });

  it("another restaurant's order on the page's form is 404; an unknown table's page is 404", async () => {
    const owner = await createTenant();
    const other = await createTenant();
    const menu = await menuOf(other);
    const theirs = await order(other, 2, [line(menu, "Çay", 1)]);
    const res = await postForm(owner, page(2), {
      intent: "move-items",
      order_id: String(theirs.id),
      [`qty-${theirs.items[0]!.id}`]: "1",
      to_table_number: "4",
    });
    expect(res.status).toBe(404);
    expect(await ordersOn(other, 2)).toEqual([theirs.id]);
    expect((await getPage(owner, page(999))).status).toBe(404);
  });
});
