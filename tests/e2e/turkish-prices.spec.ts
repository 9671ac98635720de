// An owner types a menu price the Turkish way on a 360 px phone, with JavaScript and without:
// "72,50" is saved as ₺72,50 (Chromium's number input used to drop the comma: ₺7.250,00) and
// the guests' public menu shows ₺72,50; a price changed tenfold is asked about before it is
// saved (decision 061).
import { expect, hasJs, hydrated, logIn, sql, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

const slugOf = async (restaurantId: number) =>
  (await sql<{ slug: string }[]>("SELECT slug FROM restaurants WHERE id = ?", [restaurantId]))[0]!.slug;
const priceOf = async (restaurantId: number, name: string) =>
  (await sql<{ price: string }[]>("SELECT price FROM menu_items WHERE restaurantId = ? AND name = ?", [restaurantId, name]))[0]?.price;

test("the owner types 72,50; the public menu shows ₺72,50; ten times the price asks first", async ({ page, owner }, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/menu-management?new=1");
  if (hasJs(testInfo)) await hydrated(page);
  const add = page.getByRole("dialog", { name: "Yeni Ürün" });
  await add.getByLabel("Ürün adı").fill("Limonata");
  await add.getByLabel("Kategori").selectOption({ label: "İçecekler" });
  const price = add.getByLabel("Fiyat (₺)");
  await expect(price).toHaveAttribute("type", "text");
  await expect(price).toHaveAttribute("inputmode", "decimal");
  // Typed key by key, as a phone's decimal keypad sends it.
  await price.pressSequentially("72,50");
  await expect(price).toHaveValue("72,50");
  await add.getByRole("button", { name: "Ekle" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ürün eklendi" })).toBeVisible();
  const row = page.getByTestId("menu-item").filter({ hasText: "Limonata" });
  await expect(row).toContainText("₺72,50");
  expect(await priceOf(owner.restaurantId, "Limonata")).toBe("72.50");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The edit form shows it back the Turkish way; ten times the price asks first.
  await page.getByRole("link", { name: "Limonata düzenle" }).click();
  const edit = page.getByRole("dialog", { name: "Ürünü Düzenle" });
  await expect(edit.getByLabel("Fiyat (₺)")).toHaveValue("72,50");
  await edit.getByLabel("Fiyat (₺)").fill("725");
  await edit.getByRole("button", { name: "Kaydet", exact: true }).click();
  const question = page.getByTestId("price-confirm");
  await expect(question).toContainText("Fiyat ₺72,50 → ₺725,00: on katı. Doğru mu?");
  await page.screenshot({ path: testInfo.outputPath("price-confirm.png") });
  expect(await priceOf(owner.restaurantId, "Limonata")).toBe("72.50");
  await expect(page.getByRole("dialog", { name: "Ürünü Düzenle" }).getByLabel("Fiyat (₺)")).toHaveValue("725");
  // Changing one's mind: back to a sensible price saves without a question.
  await page.getByRole("dialog", { name: "Ürünü Düzenle" }).getByLabel("Fiyat (₺)").fill("75,25");
  await page.getByRole("dialog", { name: "Ürünü Düzenle" }).getByRole("button", { name: "Kaydet", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ürün güncellendi" })).toBeVisible();
  await expect(row).toContainText("₺75,25");

  // Ten times again, confirmed this time.
  await page.getByRole("link", { name: "Limonata düzenle" }).click();
  await page.getByRole("dialog", { name: "Ürünü Düzenle" }).getByLabel("Fiyat (₺)").fill("752,50");
  await page.getByRole("dialog", { name: "Ürünü Düzenle" }).getByRole("button", { name: "Kaydet", exact: true }).click();
  await expect(question).toContainText("Fiyat ₺75,25 → ₺752,50: on katı. Doğru mu?");
  await question.getByRole("button", { name: "Evet, yeni fiyatı kaydet" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ürün güncellendi" })).toBeVisible();
  await expect(row).toContainText("₺752,50");
  expect(await priceOf(owner.restaurantId, "Limonata")).toBe("752.50");

  // Back to ₺72,50 (less than a tenth: confirmed), then the guests' menu.
  await page.getByRole("link", { name: "Limonata düzenle" }).click();
  await page.getByRole("dialog", { name: "Ürünü Düzenle" }).getByLabel("Fiyat (₺)").fill("72,50");
  await page.getByRole("dialog", { name: "Ürünü Düzenle" }).getByRole("button", { name: "Kaydet", exact: true }).click();
  await expect(question).toContainText("Fiyat ₺752,50 → ₺72,50: onda birinden az. Doğru mu?");
  await question.getByRole("button", { name: "Evet, yeni fiyatı kaydet" }).click();
  await expect(row).toContainText("₺72,50");

  await page.goto(`/menu/${await slugOf(owner.restaurantId)}`);
  const item = page.locator("li, article").filter({ hasText: "Limonata" }).last();
  await expect(item).toContainText("₺72,50");
  await expect(page.getByText("₺7.250,00")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
