// The table's bill (issue 22): every line of every open order on the table with its KDV (the
// category's rate, included in prices), the service charge from the settings as its own line,
// totals to the kuruş; and its 80 mm adisyon. Another restaurant's table is not this one's.
import { describe, expect, it } from "vitest";
import { includedKdv, serviceChargeOf } from "~/modules/payments/bill.server";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant } from "../setup/factories";
import { clientOrderId, menuOf, postOrder } from "../setup/floor";
import { getPage, joinedText } from "../setup/pages";

describe("the bill's arithmetic", () => {
  it("KDV inside a price and the service charge round to the kuruş, half up", () => {
    expect(includedKdv("426.00", "10").toFixed(2)).toBe("38.73");
    expect(includedKdv("100.00", "20").toFixed(2)).toBe("16.67");
    expect(includedKdv("0.05", "10").toFixed(2)).toBe("0.00");
    expect(includedKdv("0.06", "10").toFixed(2)).toBe("0.01");
    expect(serviceChargeOf("333.33", "10").toFixed(2)).toBe("33.33");
    expect(serviceChargeOf("0.05", "10").toFixed(2)).toBe("0.01");
    expect(serviceChargeOf("460.00", "0").toFixed(2)).toBe("0.00");
  });
});

describe("GET /api/tables/{number}/bill", () => {
  it("adds the open orders' lines, the service charge and KDV per rate; the adisyon prints them", async () => {
    const owner = await createTenant();
    const menu = await menuOf(owner);
    await prisma.restaurant.update({ where: { id: owner.restaurantId }, data: { serviceCharge: "10.00", receiptFooter: "Afiyet olsun!" } });
    // Drinks at 20 % for this test (a bar's rate), the rest at the default 10 %.
    await prisma.menuCategory.updateMany({ where: { restaurantId: owner.restaurantId, key: "drinks" }, data: { kdvRate: "20.00" } });
    const first = await postOrder(owner, {
      table_number: 4,
      client_order_id: clientOrderId(),
      customer_count: 3,
      items: [
        { menu_item_id: menu["Adana Kebap"]!.id, quantity: 1, note: "acısız" },
        { menu_item_id: menu["Ayran"]!.id, quantity: 2 },
      ],
    });
    expect(first.status, first.text).toBe(201);
    const second = await postOrder(owner, { table_number: 4, items: [{ menu_item_id: menu["Künefe"]!.id, quantity: 1 }] });
    expect(second.status, second.text).toBe(201);

    const res = await api("/api/tables/4/bill", { token: owner.token });
    expect(res.status, res.text).toBe(200);
    const bill = res.json;
    expect(bill.lines.map((l: any) => [l.name, l.quantity, l.paid_quantity, l.unit_price, l.amount, l.kdv_rate])).toEqual([
      ["Adana Kebap", 1, 0, 380, 380, 10],
      ["Ayran", 2, 0, 40, 80, 20],
      ["Künefe", 1, 0, 190, 190, 10],
    ]);
    expect(bill.lines[0].note).toBe("acısız");
    // 650 of lines, 10 % service (65.00) taxed at the restaurant's own 10 %.
    expect(bill).toMatchObject({
      subtotal: 650,
      service_charge_rate: 10,
      service_charge: 65,
      total: 715,
      paid: 0,
      remaining: 715,
      customer_count: 3,
    });
    expect(bill.tax).toEqual([
      { rate: 10, base: 635, amount: 57.73 },
      { rate: 20, base: 80, amount: 13.33 },
    ]);
    expect(bill.order_ids).toEqual([first.json.id, second.json.id]);
    // The grids show what the table owes; an empty table carries no amount.
    const tables = (await api("/api/tables", { token: owner.token })).json as any[];
    expect(tables.find((t) => t.number === 4)).toMatchObject({ status: "occupied", owed: 650 });
    expect(tables.find((t) => t.number === 5)).not.toHaveProperty("owed");
    expect(joinedText((await getPage(owner, "/app/staff")).text)).toContain('<span class="table-tile__owed">₺650,00</span>');

    const paper = joinedText((await getPage(owner, "/app/adisyon?table=4")).text);
    for (const text of [
      "ADİSYON · Masa 4",
      "3 kişi",
      "1 × Adana Kebap",
      "Not: acısız",
      "Servis ücreti (%10)",
      "₺65,00",
      "TOPLAM",
      "₺715,00",
      "KDV %10 (dahil)",
      "₺57,73",
      "KDV %20 (dahil)",
      "Afiyet olsun!",
      "Bilgi fişidir, mali değeri yoktur.",
    ]) {
      expect(paper, text).toContain(text);
    }
  });

  it("an empty table has an empty bill; a table the restaurant does not have is 404; another restaurant's orders never show", async () => {
    const owner = await createTenant();
    const other = await createTenant();
    const menu = await menuOf(other);
    expect((await postOrder(other, { table_number: 2, items: [{ menu_item_id: menu["Çay"]!.id, quantity: 1 }] })).status).toBe(201);
    const empty = await api("/api/tables/2/bill", { token: owner.token });
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ lines: [], subtotal: 0, total: 0, remaining: 0, tax: [] });
    expect((await api("/api/tables/999/bill", { token: owner.token })).status).toBe(404);
    expect((await getPage(owner, "/app/adisyon?table=999")).status).toBe(404);
  });
});
