// The order screen's page action (pageAction with an intent union) as a browser
// without JavaScript uses it: the redirect returns to the item tapped, refusals
// come back on the page, the premium gate holds; and tables with an unsent cart
// (a draft) are marked on the poll and on the staff, manager and payments grids.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { expireTrial, menuOf, orderCount, payOrder, placeOrder } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";

const orderPage = (table: number, query = "") => `/app/order-taking?table=${table}${query}`;

/** The tables the 3-second poll marks as having an unsent cart. */
async function polledDrafts(tenant: Tenant): Promise<number[]> {
  const res = await api("/api/tables", { token: tenant.token });
  expect(res.status).toBe(200);
  return (res.json as { number: number; draft?: boolean }[]).filter((t) => t.draft === true).map((t) => t.number);
}

/** The tile links a grid page renders as marked unsent. */
function markedTiles(html: string): string[] {
  return [...joinedText(html).matchAll(/aria-label="(Masa \d+), [^"]*Gönderilmemiş[^"]*"/g)].map((m) => m[1]!);
}

describe("order screen without JavaScript: notes for the kitchen", () => {
  it("a note typed on a cart line is kept by any button, sent with the order, on its ticket and shown when the order is edited", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const adana = menu["Adana Kebap"]!.id;
    const cay = menu["Çay"]!.id;
    await postForm(tenant, orderPage(7), { table: 7, from: "menu", add: adana });
    // The note rides with the next button pressed (here: + of another item's line in the cart).
    await postForm(tenant, orderPage(7), { table: 7, from: "menu", add: cay });
    const plus = await postForm(tenant, orderPage(7), {
      table: 7,
      from: "cart",
      add: cay,
      [`note-${adana}`]: " acısız ",
      [`note-${cay}`]: "",
    });
    expect(plus.status).toBe(302);
    const page = await getPage(tenant, orderPage(7));
    expect(page.text).toContain(`name="note-${adana}" value="acısız"`);
    // Too long: refused with the rule, nothing kept.
    const long = await postForm(tenant, orderPage(7), { table: 7, notes: "1", [`note-${adana}`]: "x".repeat(141) });
    expect(long.status).toBe(400);
    expect(joinedText(long.text)).toContain("Not en fazla 140 karakter olabilir.");
    // Enter in a note field presses the notes' own button: saved, nothing else changes.
    const enter = await postForm(tenant, orderPage(7), {
      table: 7,
      notes: "1",
      [`note-${adana}`]: "acısız, az pişmiş",
      [`note-${cay}`]: "",
    });
    expect(enter.status).toBe(302);
    const sent = await postForm(tenant, orderPage(7), {
      table: 7,
      submit: "1",
      client_order_id: "key-notes-order-1",
      [`note-${adana}`]: "acısız, az pişmiş",
      [`note-${cay}`]: "şekersiz",
    });
    expect(sent.status).toBe(302);
    const order = await prisma.order.findFirstOrThrow({
      where: { restaurantId: tenant.restaurantId, tableNumber: 7 },
      include: { items: true },
    });
    expect(order.items.map((i) => [i.menuItemName, i.quantity, i.note]).sort()).toEqual([
      ["Adana Kebap", 1, "acısız, az pişmiş"],
      ["Çay", 2, "şekersiz"],
    ]);
    const ticketItems = await prisma.kitchenTicketItem.findMany({ where: { restaurantId: tenant.restaurantId }, orderBy: { id: "asc" } });
    expect(ticketItems.map((i) => [i.name, i.note])).toEqual([
      ["Adana Kebap", "acısız, az pişmiş"],
      ["Çay", "şekersiz"],
    ]);
    // Editing the order shows its notes in the cart.
    expect((await getPage(tenant, orderPage(7))).text).toContain(`name="note-${cay}" value="şekersiz"`);
  });

  it("a new table asks the guest count: sent with the order, kept on the table; a wrong count is refused", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    await postForm(tenant, orderPage(8), { table: 8, from: "menu", add: menu["Çay"]!.id });
    expect((await getPage(tenant, orderPage(8))).text).toContain('name="customer_count"');
    const bad = await postForm(tenant, orderPage(8), { table: 8, submit: "1", client_order_id: "key-guests-order-0", customer_count: "0" });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("Kişi sayısı 1 ile 99 arasında olmalıdır.");
    const sent = await postForm(tenant, orderPage(8), {
      table: 8,
      submit: "1",
      client_order_id: "key-guests-order-1",
      customer_count: "3",
    });
    expect(sent.status).toBe(302);
    expect(await prisma.restaurantTable.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, number: 8 } })).toMatchObject({
      status: "occupied",
      customerCount: 3,
    });
    // An open order's cart does not ask again.
    expect((await getPage(tenant, orderPage(8))).text).not.toContain('name="customer_count"');
  });
});

describe("order screen without JavaScript: back to the item tapped", () => {
  it("+ and +3 in the menu return to that item, the cart's buttons to its line, keeping search and category", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const cay = menu["Çay"]!.id;
    const add = await postForm(tenant, orderPage(2, "&category=drinks&q=%C3%A7"), { table: 2, from: "menu", add: cay });
    expect(add.status).toBe(302);
    expect(add.location).toBe(`/app/order-taking?table=2&category=drinks&q=%C3%A7#item-${cay}`);
    const add3 = await postForm(tenant, orderPage(2), { table: 2, from: "menu", add3: cay });
    expect(add3.location).toBe(`/app/order-taking?table=2#item-${cay}`);
    const dec = await postForm(tenant, orderPage(2), { table: 2, from: "cart", dec: cay });
    expect(dec.location).toBe(`/app/order-taking?table=2#cart-item-${cay}`);
    const page = await getPage(tenant, orderPage(2));
    expect(page.text).toContain(`id="item-${cay}"`);
    expect(page.text).toContain(`id="cart-item-${cay}"`);
  });

  it("takes the intent as a field too, and answers an unknown one with a Turkish refusal on the page", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const ok = await postForm(tenant, orderPage(4), { table: 4, intent: "add", item: menu["Çay"]!.id });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe(`/app/order-taking?table=4#item-${menu["Çay"]!.id}`);
    const bad = await postForm(tenant, orderPage(4), { table: 4, intent: "drop", item: 1 });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("Geçersiz işlem.");
    const none = await postForm(tenant, orderPage(4), { table: 4 });
    expect(none.status).toBe(400);
    const noItem = await postForm(tenant, orderPage(4), { table: 4, add: "x" });
    expect(noItem.status).toBe(400);
    expect(joinedText(noItem.text)).toContain("Ürün seçilmedi.");
  });

  it("sending the cart redirects to the staff panel's result, without a fragment", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    await postForm(tenant, orderPage(5), { table: 5, from: "menu", add: menu["Çay"]!.id });
    const sent = await postForm(tenant, orderPage(5), { table: 5, from: "cart", submit: "1", client_order_id: "key-order-taking-1" });
    expect(sent.status).toBe(302);
    expect(sent.location).toMatch(/^\/app\/staff\?success=order&order=\d+$/);
  });

  it("the premium gate holds on sending: a trial that is over refuses the order and writes nothing", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    await postForm(tenant, orderPage(6), { table: 6, add: menu["Çay"]!.id });
    await expireTrial(tenant);
    const sent = await postForm(tenant, orderPage(6), { table: 6, submit: "1", client_order_id: "key-order-taking-2" });
    expect(sent.status).toBe(403);
    expect(joinedText(sent.text)).toContain("Deneme süreniz doldu.");
    expect(await orderCount(tenant)).toBe(0);
  });
});

describe("unsent carts are marked on the grids", () => {
  it("a draft with items marks its table on the poll and on the staff, manager and payments grids until it is sent", async () => {
    const tenant = await createTenant({ manager: true });
    const menu = await menuOf(tenant);
    expect(await polledDrafts(tenant)).toEqual([]);
    await postForm(tenant, orderPage(3), { table: 3, add: menu["Çay"]!.id });

    expect(await polledDrafts(tenant)).toEqual([3]);
    // The manager panel first: opening the staff panel ends manager mode.
    for (const grid of ["/app/admin", "/app/payments", "/app/staff"]) {
      const page = await getPage(tenant, grid);
      expect(page.status, grid).toBe(200);
      expect(markedTiles(page.text), grid).toEqual(["Masa 3"]);
      expect(joinedText(page.text), grid).toContain("Gönderilmemiş");
    }
    // The spec's fields are unchanged (with the floor plan's name and section, a new account's tables being laid out
    // from signup); `draft` is only on the marked table.
    const tables = (await api("/api/tables", { token: tenant.token })).json as Record<string, unknown>[];
    expect(Object.keys(tables.find((t) => t.number === 1)!).sort()).toEqual([
      "customer_count",
      "display_name",
      "id",
      "number",
      "section",
      "status",
      "waiter_name",
    ]);

    const sent = await postForm(tenant, orderPage(3), { table: 3, submit: "1", client_order_id: "key-unsent-1" });
    expect(sent.status).toBe(302);
    expect(await polledDrafts(tenant)).toEqual([]);
    expect(markedTiles((await getPage(tenant, "/app/staff")).text)).toEqual([]);
  });

  it("an emptied new cart is not unsent; an edit of an open order is, until that order is paid", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    await postForm(tenant, orderPage(2), { table: 2, add: menu["Çay"]!.id });
    await postForm(tenant, orderPage(2), { table: 2, clear: "1" });
    expect(await polledDrafts(tenant)).toEqual([]);

    const order = await placeOrder(tenant, 7, [["Çay", 2]], menu);
    await postForm(tenant, orderPage(7), { table: 7, add: menu["Çay"]!.id });
    expect(await polledDrafts(tenant)).toEqual([7]);
    expect((await payOrder(tenant, order.id)).status).toBe(200);
    // The draft is still there, but the order it edits is closed.
    expect(await prisma.orderDraft.count({ where: { restaurantId: tenant.restaurantId } })).toBeGreaterThan(0);
    expect(await polledDrafts(tenant)).toEqual([]);
  });

  it("another restaurant's drafts never mark this restaurant's tables", async () => {
    const a = await createTenant();
    const b = await createTenant();
    await postForm(a, orderPage(1), { table: 1, add: (await menuOf(a))["Çay"]!.id });
    expect(await polledDrafts(a)).toEqual([1]);
    expect(await polledDrafts(b)).toEqual([]);
  });
});
