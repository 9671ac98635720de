import { apiJson, expect, hasJs, hydrated, logIn, test } from "./fixtures";

// A guest party changes tables on a busy night (issue 22, decision 084), on a waiter's phone
// (360×740), with JavaScript on and off: the waiter opens the table's order, moves the party to an
// empty table, sends one plate to a friend's table, and the kitchen's tickets read the new tables.
test.use({ viewport: { width: 360, height: 740 } });

test("a waiter moves a party to another table and one plate to a third; the kitchen follows", async ({ page, owner }, testInfo) => {
  const js = hasJs(testInfo);
  const menu = (await apiJson("/api/menu", { token: owner.token })).json as { id: number; name: string }[];
  const id = (name: string) => menu.find((m) => m.name === name)!.id;
  const sent = await apiJson("/api/orders", {
    token: owner.token,
    body: {
      table_number: 3,
      items: [
        { menu_item_id: id("Adana Kebap"), quantity: 2 },
        { menu_item_id: id("Ayran"), quantity: 1 },
      ],
    },
  });
  expect(sent.status).toBe(201);
  await logIn(page, owner);

  await page.goto("/app/order-taking?table=3");
  if (js) await hydrated(page);
  await page.getByRole("link", { name: "Masayı taşı / birleştir" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Masa 3: taşı, birleştir");
  const moveForm = page.getByRole("region", { name: "Masayı taşı" });
  await moveForm.getByLabel("Hedef masa").selectOption({ label: "Masa 5" });
  await moveForm.getByRole("button", { name: "Taşı" }).click();
  await expect(page).toHaveURL(/\/app\/table-move\?table=5$/);
  await expect(page.locator(".form-notice")).toHaveText("Masa 3 → Masa 5 taşındı.");

  // One Adana goes to table 6.
  const lines = page.getByRole("region", { name: /^Ürün taşı/ });
  await lines.getByLabel(/Adana Kebap: taşınacak adet/).fill("1");
  await lines.getByLabel("Hedef masa").selectOption({ label: "Masa 6" });
  await lines.getByRole("button", { name: "Seçilenleri taşı" }).click();
  await expect(page.locator(".form-notice")).toHaveText("1 ürün Masa 6 hesabına taşındı.");
  await expect(page.getByRole("list").filter({ hasText: "Ürün taşındı" })).toContainText("Masa 5 → Masa 6 (1 × Adana Kebap)");

  // The kitchen reads the new tables.
  const tickets = (await apiJson("/api/kitchen/tickets", { token: owner.token })).json as {
    table_number: number;
    items: { name: string; quantity: number }[];
  }[];
  const where = tickets.flatMap((t) => t.items.map((i) => `${t.table_number}: ${i.quantity} × ${i.name}`)).sort();
  expect(where).toEqual(["5: 1 × Adana Kebap", "5: 1 × Ayran", "6: 1 × Adana Kebap"]);
  // The page fits the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
