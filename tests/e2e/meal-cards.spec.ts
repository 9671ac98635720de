// Meal cards (yemek kartı, decision 083) on a phone, with JavaScript and without: the owner ticks
// Multinet in the settings, a cashier takes a table's payment with the Multinet button, and the
// reports show Multinet apart with the amount taken.
import { randomUUID } from "node:crypto";
import { apiJson, expect, hasJs, hydrated, logIn, test, type Owner } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

async function cashierOf(owner: Owner): Promise<Owner> {
  const email = `kasa-${randomUUID().slice(0, 10)}@test.sofra.local`;
  const created = await apiJson("/api/staff", {
    token: owner.token,
    body: { email, password: "kasa-sifre-1", first_name: "Kasa", last_name: "Görevlisi", role: "cashier" },
  });
  expect(created.status).toBe(201);
  const login = await apiJson("/api/public/login", { body: { email, password: "kasa-sifre-1" } });
  expect(login.status).toBe(200);
  return { ...owner, email, password: "kasa-sifre-1", token: login.json.access_token, firstName: "Kasa", lastName: "Görevlisi" };
}

test("meal cards: the owner accepts Multinet, the cashier takes a bill with it, the reports show it apart", async ({
  page,
  owner,
}, testInfo) => {
  // The owner ticks Multinet on the settings' General tab.
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/settings");
  if (hasJs(testInfo)) await hydrated(page);
  const cards = page.getByRole("region", { name: "Yemek kartları" });
  await expect(cards.getByLabel("Multinet", { exact: true })).not.toBeChecked();
  await cards.getByLabel("Multinet", { exact: true }).check();
  await page.getByRole("button", { name: "Ayarları Kaydet" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Ayarlar kaydedildi");
  await expect(page.getByRole("region", { name: "Yemek kartları" }).getByLabel("Multinet", { exact: true })).toBeChecked();
  expect((await apiJson("/api/restaurant/settings", { token: owner.token })).json.meal_cards).toEqual(["Multinet"]);

  // An order on table 4 (Adana Kebap ×2: ₺760,00), paid by a cashier with Multinet.
  const menu = await apiJson("/api/menu", { token: owner.token });
  const kebap = (menu.json as { id: number; name: string }[]).find((m) => m.name === "Adana Kebap")!;
  const order = await apiJson("/api/orders", {
    token: owner.token,
    body: { table_number: 4, items: [{ menu_item_id: kebap.id, quantity: 2 }] },
  });
  expect(order.status).toBe(201);
  const cashier = await cashierOf(owner);
  await logIn(page, cashier);
  await page.goto("/app/payments?table=4");
  if (hasJs(testInfo)) await hydrated(page);
  await expect(page.getByTestId("payment-total")).toHaveText("₺760,00");
  const summary = page.locator(".summary-bar");
  await expect(summary.getByRole("button")).toHaveText(["Nakit Öde", "Kartla Öde", "Multinet"]);
  await summary.getByRole("button", { name: "Multinet", exact: true }).click();

  const dialog = page.getByRole("dialog", { name: "Ödeme Onayı" });
  await expect(dialog.getByRole("definition").first()).toHaveText("Yemek kartı · Multinet");
  await expect(dialog.getByTestId("confirm-amount")).toHaveText("₺760,00");
  await dialog.getByRole("button", { name: "Onayla" }).click();
  const receipt = page.getByRole("status").filter({ hasText: "ÖDEME BAŞARILI" });
  await expect(receipt).toContainText("₺760,00 Multinet ile alındı. Masa 4 boşaltıldı.");

  // The owner's reports: the day on the manager panel, and the detailed sales report.
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/admin");
  await expect(page.getByTestId("stat-meal-card")).toContainText("Yemek kartı · Multinet");
  await expect(page.getByTestId("stat-meal-card")).toContainText("₺760,00");
  await page.goto("/app/detailed-reports?type=sales&period=daily");
  const row = page.getByTestId("payment-methods").getByRole("row", { name: /Yemek kartı · Multinet/ });
  await expect(row).toContainText("₺760,00");
  await expect(row.getByRole("cell").first()).toHaveText("1");
});
