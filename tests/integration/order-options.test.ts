// Options on order lines (issue 21, decision 082): chosen through /api/orders and the order screen
// without JavaScript, priced on the server, merged per (item, note, options), kept as they were on
// the order, its kitchen ticket and its bill; another item's or restaurant's option is refused.
import { describe, expect, it } from "vitest";
import { createOptionGroup } from "~/modules/menu/options.server";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { expectError } from "../setup/expect";
import { createTenant, type Tenant } from "../setup/factories";
import { clientOrderId, menuOf, postOrder, updateOrder, type MenuEntry } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";

/** "Pişme" for the main courses (az / orta / iyi) and "Porsiyon" for Adana alone (1 / 1,5 at +₺190). */
async function withOptions(tenant: Tenant) {
  const menu = await menuOf(tenant);
  const mains = await prisma.menuCategory.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId, key: "main_course" } });
  const { group: pisme } = await createOptionGroup(
    tenant.restaurantId,
    {
      name: "Pişme",
      category_id: mains.id,
      menu_item_id: null,
      options: [
        { name: "Az pişmiş", price_delta: "0" },
        { name: "Orta", price_delta: "0" },
        { name: "İyi pişmiş", price_delta: "0" },
      ],
    },
    null,
  );
  const { group: porsiyon } = await createOptionGroup(
    tenant.restaurantId,
    {
      name: "Porsiyon",
      category_id: null,
      menu_item_id: menu["Adana Kebap"]!.id,
      options: [
        { name: "1 porsiyon", price_delta: "0" },
        { name: "1,5 porsiyon", price_delta: "190.00" },
      ],
    },
    null,
  );
  const opt = (group: typeof pisme, name: string) => group.options.find((o) => o.name === name)!.id;
  return {
    menu,
    az: opt(pisme, "Az pişmiş"),
    iyi: opt(pisme, "İyi pişmiş"),
    bir: opt(porsiyon, "1 porsiyon"),
    birBucuk: opt(porsiyon, "1,5 porsiyon"),
    pisme,
    porsiyon,
  };
}

const line = (menu: Record<string, MenuEntry>, name: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  menu_item_id: menu[name]!.id,
  quantity,
  ...extra,
});

describe("options through /api/orders", () => {
  it("prices each line with its options, merges equal lines, keeps different choices apart and answers them", async () => {
    const owner = await createTenant();
    const { menu, az, iyi, birBucuk } = await withOptions(owner);
    const res = await postOrder(owner, {
      table_number: 2,
      client_order_id: clientOrderId(),
      items: [
        line(menu, "Adana Kebap", 1, { options: [birBucuk, az] }),
        // The same plate again (ids in another order, one as the answer's object): merged.
        line(menu, "Adana Kebap", 1, { options: [{ id: az }, birBucuk] }),
        line(menu, "Adana Kebap", 1, { options: [iyi] }),
        line(menu, "Çay", 2),
      ],
    });
    expect(res.status, res.text).toBe(201);
    const adana = res.json.items.filter((i: any) => i.menu_item_name === "Adana Kebap");
    expect(adana).toHaveLength(2);
    expect(adana.find((i: any) => i.quantity === 2)).toMatchObject({
      unit_price: 570,
      total_price: 1140,
      // In the groups' order (Pişme before Porsiyon), with the names as they were.
      options: [
        { id: az, group: "Pişme", name: "Az pişmiş", price_delta: 0 },
        { id: birBucuk, group: "Porsiyon", name: "1,5 porsiyon", price_delta: 190 },
      ],
    });
    expect(adana.find((i: any) => i.quantity === 1)).toMatchObject({
      unit_price: 380,
      total_price: 380,
      options: [{ name: "İyi pişmiş" }],
    });
    expect(res.json.items.find((i: any) => i.menu_item_name === "Çay")).toMatchObject({ options: [] });
    expect(res.json.total_amount).toBe(1140 + 380 + 40);

    // Renaming an option later leaves the order as it was sold.
    await prisma.menuOption.update({ where: { id: birBucuk }, data: { name: "Büyük" } });
    const read = await api("/api/orders/table/2", { token: owner.token });
    const kept = (read.json as any[])[0].items.find((i: any) => i.quantity === 2);
    expect(kept.options.map((o: any) => o.name)).toEqual(["Az pişmiş", "1,5 porsiyon"]);
  });

  it("refuses another item's option, two of one group, an unknown or another restaurant's option: 400 in Turkish, nothing written", async () => {
    const owner = await createTenant();
    const other = await createTenant();
    const { menu, az, iyi, birBucuk } = await withOptions(owner);
    const theirs = await withOptions(other);
    const cases: [unknown[], string, string][] = [
      [[line(menu, "Künefe", 1, { options: [az] })], "Künefe", `“Künefe” için böyle bir seçenek yok (#${az}).`],
      [[line(menu, "Adana Kebap", 1, { options: [az, iyi] })], "Adana", "“Adana Kebap” için “Pişme” grubundan tek seçenek seçilebilir."],
      [[line(menu, "Izgara Köfte", 1, { options: [birBucuk] })], "Köfte", `“Izgara Köfte” için böyle bir seçenek yok (#${birBucuk}).`],
      [
        [line(menu, "Adana Kebap", 1, { options: [theirs.az] })],
        "another restaurant's",
        `“Adana Kebap” için böyle bir seçenek yok (#${theirs.az}).`,
      ],
      [[line(menu, "Adana Kebap", 1, { options: ["az"] })], "not a number", "Seçenek numarası geçersiz."],
      [[line(menu, "Adana Kebap", 1, { options: "az" })], "not a list", "Seçenekler bir liste olmalıdır."],
    ];
    for (const [items, label, message] of cases) {
      const res = await postOrder(owner, { table_number: 5, client_order_id: clientOrderId(), items });
      expect(res.status, `${label}: ${res.text}`).toBe(400);
      expectError(res, 400, message);
    }
    expect(await prisma.order.count({ where: { restaurantId: owner.restaurantId } })).toBe(0);
    expect(await prisma.kitchenTicket.count({ where: { restaurantId: owner.restaurantId } })).toBe(0);
  });

  it("a price below 0 with its options is refused", async () => {
    const owner = await createTenant();
    const menu = await menuOf(owner);
    const { group } = await createOptionGroup(
      owner.restaurantId,
      { name: "Boy", category_id: null, menu_item_id: menu["Çay"]!.id, options: [{ name: "Küçük", price_delta: "-25.00" }] },
      null,
    );
    const res = await postOrder(owner, { table_number: 1, items: [line(menu, "Çay", 1, { options: [group.options[0]!.id] })] });
    expectError(res, 400, "Seçeneklerle birlikte ürün fiyatı 0'ın altına inemez.");
  });

  it("puts the options on the kitchen ticket; changing a sent line's choice voids it there and sends the new one as EK", async () => {
    const owner = await createTenant({ manager: true });
    const { menu, az, iyi } = await withOptions(owner);
    const sent = await postOrder(owner, {
      table_number: 3,
      client_order_id: clientOrderId(),
      items: [line(menu, "Adana Kebap", 2, { options: [az] })],
    });
    expect(sent.status, sent.text).toBe(201);
    const edit = await updateOrder(owner, 3, {
      base_version: sent.json.version,
      items: [line(menu, "Adana Kebap", 1, { options: [az] }), line(menu, "Adana Kebap", 1, { options: [iyi] })],
    });
    expect(edit.status, edit.text).toBe(200);
    const res = await api("/api/kitchen/tickets", { token: owner.token });
    const tickets = (res.json as any[]).sort((a, b) => a.id - b.id);
    expect(tickets.map((t) => t.kind)).toEqual(["new", "addition"]);
    const show = (t: any) => t.items.map((i: any) => [i.quantity, i.options.map((o: any) => `${o.group}: ${o.name}`).join(), i.voided]);
    expect(show(tickets[0])).toEqual([
      [1, "Pişme: Az pişmiş", false],
      [1, "Pişme: Az pişmiş", true],
    ]);
    expect(show(tickets[1])).toEqual([[1, "Pişme: İyi pişmiş", false]]);
    // The same edit again (the same lines) sends nothing more.
    const again = await updateOrder(owner, 3, {
      items: [line(menu, "Adana Kebap", 1, { options: [iyi] }), line(menu, "Adana Kebap", 1, { options: [az] })],
    });
    expect(again.status, again.text).toBe(200);
    expect(await prisma.kitchenTicket.count({ where: { restaurantId: owner.restaurantId } })).toBe(2);
    // Ready: the sender's list names the plate by its choice.
    await api(`/api/kitchen/ticket-items/${tickets[1].items[0].id}/status`, { token: owner.token, body: { status: "ready" } });
    expect((await api("/api/kitchen/ready", { token: owner.token })).json).toMatchObject([
      { name: "Adana Kebap", options: ["İyi pişmiş"] },
    ]);
    expect(joinedText((await getPage(owner, "/app/staff")).text)).toContain("Masa 3 · 1 × Adana Kebap (İyi pişmiş)");
    // The bill (payments) shows the choices.
    const bill = joinedText((await getPage(owner, "/app/payments?table=3")).text);
    expect(bill).toContain('Adana Kebap<span class="muted"> (Az pişmiş)</span>');
    expect(bill).toContain('Adana Kebap<span class="muted"> (İyi pişmiş)</span>');
  });
});

describe("options on the order screen without JavaScript", () => {
  const orderPage = (table: number) => `/app/order-taking?table=${table}`;

  it("offers a select per group on the line, keeps the choice through any button, sends and shows it when the order is edited", async () => {
    const tenant = await createTenant();
    const { menu, pisme, porsiyon, az, birBucuk } = await withOptions(tenant);
    const adana = menu["Adana Kebap"]!.id;
    const cay = menu["Çay"]!.id;
    await postForm(tenant, orderPage(4), { table: 4, from: "menu", add: adana });
    await postForm(tenant, orderPage(4), { table: 4, from: "menu", add: cay });
    const page = joinedText((await getPage(tenant, orderPage(4))).text);
    expect(page).toContain(`name="opt-${adana}-${pisme.id}"`);
    expect(page).toContain(`name="opt-${adana}-${porsiyon.id}"`);
    expect(page).toContain("Porsiyon: 1,5 porsiyon (+₺190,00)");
    // Çay has no groups: no select.
    expect(page).not.toContain(`name="opt-${cay}-`);

    // Chosen, then another button pressed: kept on the draft.
    const plus = await postForm(tenant, orderPage(4), {
      table: 4,
      from: "cart",
      add: adana,
      [`opt-${adana}-${pisme.id}`]: String(az),
      [`opt-${adana}-${porsiyon.id}`]: String(birBucuk),
    });
    expect(plus.status).toBe(302);
    const again = joinedText((await getPage(tenant, orderPage(4))).text);
    expect(again).toMatch(new RegExp(`<option value="${az}" selected="">Pişme: Az pişmiş</option>`));
    // The cart's total counts the options: 2 × (380 + 190) + 20.
    expect(again).toContain("₺1.160,00");

    // Another restaurant's (or an unknown) option id posted: refused when sent, nothing written.
    const bad = await postForm(tenant, orderPage(4), {
      table: 4,
      submit: "1",
      client_order_id: "key-options-bad-1",
      [`opt-${adana}-${pisme.id}`]: "999999999",
    });
    expect(bad.status).toBe(400);
    expect(joinedText(bad.text)).toContain("“Adana Kebap” için böyle bir seçenek yok (#999999999).");
    expect(await prisma.order.count({ where: { restaurantId: tenant.restaurantId } })).toBe(0);

    const sent = await postForm(tenant, orderPage(4), {
      table: 4,
      submit: "1",
      client_order_id: "key-options-order-1",
      [`opt-${adana}-${pisme.id}`]: String(az),
      [`opt-${adana}-${porsiyon.id}`]: String(birBucuk),
    });
    expect(sent.status).toBe(302);
    const order = await prisma.order.findFirstOrThrow({ where: { restaurantId: tenant.restaurantId }, include: { items: true } });
    const adanaLine = order.items.find((i) => i.menuItemName === "Adana Kebap")!;
    expect([adanaLine.quantity, Number(adanaLine.unitPrice), Number(order.totalAmount)]).toEqual([2, 570, 1160]);
    const ticketLine = await prisma.kitchenTicketItem.findFirstOrThrow({
      where: { restaurantId: tenant.restaurantId, name: "Adana Kebap" },
    });
    expect(JSON.parse(ticketLine.options!).map((o: any) => o.name)).toEqual(["Az pişmiş", "1,5 porsiyon"]);

    // Editing the order: the cart shows the choice; choosing "seçilmedi" clears it.
    expect(joinedText((await getPage(tenant, orderPage(4))).text)).toMatch(new RegExp(`<option value="${birBucuk}" selected="">`));
    const cleared = await postForm(tenant, orderPage(4), {
      table: 4,
      submit: "1",
      client_order_id: "key-options-order-2",
      [`opt-${adana}-${pisme.id}`]: "",
      [`opt-${adana}-${porsiyon.id}`]: String(birBucuk),
    });
    expect(cleared.status).toBe(302);
    const edited = await prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id, menuItemName: "Adana Kebap" } });
    expect(JSON.parse(edited.options!).map((o: any) => o.name)).toEqual(["1,5 porsiyon"]);
  });
});
