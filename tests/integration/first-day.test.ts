// A first day without friction (issue 20): what a new owner meets on the manager's first entry,
// and the reservation form picking tables by the names the floor uses.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { api } from "../setup/api";
import { createTenant, type Tenant } from "../setup/factories";
import { menuOf, placeOrder, updateOrder } from "../setup/floor";
import { getPage, joinedText, postForm } from "../setup/pages";

const call = (tenant: Tenant, path: string, body: unknown) => api(path, { token: tenant.token, body });

describe("the first manager entry", () => {
  it("says the manager password starts as the login password", async () => {
    const tenant = await createTenant();
    const page = await getPage(tenant, "/app/role-selection?manager=1");
    expect(page.status).toBe(200);
    expect(joinedText(page.text)).toContain("Yönetici şifresi başlangıçta giriş şifrenizle aynıdır");
  });
});

describe("the reservation form's table", () => {
  it("is picked by name, grouped by section, the value staying the table's number", async () => {
    const tenant = await createTenant({ manager: true });
    const garden = await call(tenant, "/api/table-sections", { name: "Bahçe", color: "green" });
    expect(garden.status, garden.text).toBe(201);
    const hall = await call(tenant, "/api/table-sections", { name: "İç Salon", color: "blue" });
    expect(hall.status, hall.text).toBe(201);
    const pine = await call(tenant, "/api/table-configurations", {
      table_identifier: "B1",
      display_name: "Çam Altı",
      section_id: garden.json.id,
    });
    expect(pine.status, pine.text).toBe(201);
    const window = await call(tenant, "/api/table-configurations", {
      table_identifier: "S1",
      display_name: "Pencere",
      section_id: hall.json.id,
    });
    expect(window.status, window.text).toBe(201);

    const page = await getPage(tenant, "/app/reservations?new=1");
    expect(page.status).toBe(200);
    const html = joinedText(page.text);
    const select = /<select[^>]*name="table_number"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1];
    expect(select, "a select for the table").toBeDefined();
    expect(select).toMatch(new RegExp(`<optgroup label="Bahçe"><option value="${pine.json.table_number}">Çam Altı</option></optgroup>`));
    expect(select).toMatch(
      new RegExp(`<optgroup label="İç Salon"><option value="${window.json.table_number}">Pencere</option></optgroup>`),
    );
    // The starter tables (in "Ana Salon" since signup) are listed by their names too.
    expect(select).toContain('<option value="3">Masa 3</option>');
    expect(html).not.toMatch(/<input[^>]*name="table_number"/);
  });
});

describe("order taking without JavaScript: an edit conflict", () => {
  it("keeps the waiter's additions and puts them on the order as it is now", async () => {
    const tenant = await createTenant();
    const menu = await menuOf(tenant);
    const placed = await placeOrder(tenant, 9, [["Humus", 1]], menu);
    const page = "/app/order-taking?table=9";
    // The waiter adds an Ayran to the open order (a draft made from it).
    expect((await postForm(tenant, page, { table: 9, from: "menu", intent: "add", item: menu["Ayran"]!.id })).status).toBe(302);
    // Meanwhile another phone adds three teas.
    const other = await api("/api/public/login", { body: { email: tenant.email, password: tenant.password } });
    const changed = await updateOrder({ ...tenant, token: other.json.access_token }, 9, {
      order_id: placed.id,
      base_version: 1,
      items: [
        { menu_item_id: menu["Humus"]!.id, quantity: 1 },
        { menu_item_id: menu["Çay"]!.id, quantity: 3 },
      ],
    });
    expect(changed.status, changed.text).toBe(200);

    const refused = await postForm(tenant, page, { table: 9, from: "cart", submit: "1", client_order_id: "key-conflict-reapply-1" });
    expect(refused.status).toBe(409);
    expect(joinedText(refused.text)).toContain("Eklediğiniz ürünler güncel siparişe yeniden eklendi");
    // The cart now shows the order as it is, with the Ayran on top.
    const cart = joinedText((await getPage(tenant, page)).text);
    expect(cart).toMatch(/data-testid="cart-total"[^>]*>₺220,00</);

    const sent = await postForm(tenant, page, { table: 9, from: "cart", submit: "1", client_order_id: "key-conflict-reapply-2" });
    expect(sent.status, sent.text.slice(0, 300)).toBe(302);
    const items = await prisma.orderItem.findMany({ where: { orderId: placed.id }, orderBy: { id: "asc" } });
    const units = Object.fromEntries(items.map((i) => [i.menuItemName, i.quantity]));
    expect(units).toEqual({ Humus: 1, Çay: 3, Ayran: 1 });
  });
});
