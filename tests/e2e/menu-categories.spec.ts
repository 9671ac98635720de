// The owner's own categories on a 360×740 phone, with JavaScript on and off (decision 068): the
// owner opens the category panel, creates "Pideler", moves it to the top, puts a new item in it,
// ticks two items and marks them sold out in one go, and then sees "Pideler" first among order
// taking's chips with the item in it.
import { expect, hasJs, hydrated, logIn, test } from "./fixtures";

test("create a category, put an item in it, bulk sold out, and see it in order taking", async ({ page, owner }, testInfo) => {
  await logIn(page, owner, { mode: "manager" });
  await page.goto("/app/menu-management");
  if (hasJs(testInfo)) await hydrated(page);
  await page.getByRole("link", { name: /^Kategorileri düzenle/ }).click();
  const panel = page.getByRole("region", { name: "Kategoriler" });
  await expect(panel.getByTestId("category-row")).toHaveCount(6);

  // Create: the KDV field left empty takes the settings' rate (10 %).
  await panel.getByLabel("Yeni kategori").fill("Pideler");
  await panel.getByRole("button", { name: "Kategori ekle" }).click();
  await expect(page.getByRole("status").filter({ hasText: "“Pideler” kategorisi eklendi." })).toBeVisible();
  const row = panel.getByTestId("category-row").filter({ has: page.locator('input[value="Pideler"]') });
  await expect(row.getByLabel("KDV %")).toHaveValue("10");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath("category-panel-360.png"), fullPage: true });

  // To the top, one place at a time (up buttons post the target place).
  for (let place = 5; place >= 0; place--) {
    await row.getByRole("button", { name: "Pideler kategorisini yukarı taşı" }).click();
    await expect(page.getByRole("status").filter({ hasText: "“Pideler” kategorisinin sırası kaydedildi." })).toBeVisible();
    await expect(panel.getByTestId("category-row").nth(place).getByLabel("Kategori adı")).toHaveValue("Pideler");
  }
  await expect(row.getByRole("button", { name: "Pideler kategorisini yukarı taşı" })).toBeDisabled();

  // An item in it.
  await page.getByRole("link", { name: "+ Yeni Ürün" }).click();
  const add = page.getByRole("dialog", { name: "Yeni Ürün" });
  await add.getByLabel("Ürün adı").fill("Kıymalı Pide");
  await add.getByLabel("Kategori").selectOption({ label: "Pideler" });
  await add.getByLabel(/^Fiyat/).fill("180");
  await add.getByRole("button", { name: "Ekle" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ürün eklendi" })).toBeVisible();
  const pides = page.getByRole("region", { name: /^Pideler/ });
  await expect(pides.locator(".menu-admin__name")).toHaveText(["Kıymalı Pide"]);

  // Bulk: tick two desserts, mark them sold out with one post.
  await page.getByRole("checkbox", { name: "Künefe seç" }).check();
  await page.getByRole("checkbox", { name: "Sütlaç seç" }).check();
  await page.getByLabel("Seçilenlere").selectOption({ label: "Tükendi olarak işaretle" });
  await page.getByRole("button", { name: "Uygula" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 ürün tükendi olarak işaretlendi." })).toBeVisible();
  const desserts = page.getByRole("region", { name: /^Tatlılar/ });
  await expect(desserts.getByTestId("menu-item").filter({ hasText: "Künefe" }).getByRole("switch")).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await expect(desserts.getByTestId("menu-item").filter({ hasText: "Baklava" }).getByRole("switch")).toHaveAttribute(
    "aria-checked",
    "true",
  );

  // Order taking: the owner's order and names; the new item under its chip; sold-out items not offered.
  await page.goto("/app/order-taking?table=1");
  if (hasJs(testInfo)) await hydrated(page);
  const chips = page.getByRole("navigation", { name: "Kategoriler" }).getByRole("link");
  await expect(chips).toHaveText(["Tümü", "Pideler", "İçecekler", "Kahvaltı", "Başlangıçlar", "Ana Yemekler", "Tatlılar", "Çorbalar"]);
  await chips.filter({ hasText: "Pideler" }).click();
  const menu = page.getByRole("form", { name: "Menü" });
  await expect(menu.getByText("Kıymalı Pide")).toBeVisible();
  await expect(menu.getByText("Adana Kebap")).toHaveCount(0);
  await page.goto("/app/order-taking?table=1&category=dessert");
  await expect(page.getByRole("form", { name: "Menü" }).getByText("Baklava")).toBeVisible();
  await expect(page.getByRole("form", { name: "Menü" }).getByText("Künefe")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
