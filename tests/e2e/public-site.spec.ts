import { expect, test } from "./fixtures";
import { withLandingLock } from "./landing-lock";

test("the landing page shows the product, the plans from the database and the way in", async ({ page }) => {
  // Not while the CMS journey (admin-cms.spec.ts) has its own hero title on the page.
  await withLandingLock(async () => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Restoranınızı telefonunuzdan yönetin");
  });
  await expect(page.getByRole("link", { name: "14 Gün Ücretsiz Dene" })).toHaveAttribute("href", "/signup");

  const features = page.locator("#features article");
  await expect(features).toHaveCount(4);
  await expect(features.getByRole("heading")).toHaveText(["Masa Yönetimi", "QR Menü", "Hızlı Ödeme", "Detaylı Raporlama"]);

  const plans = page.locator("#pricing article");
  await expect(plans).toHaveCount(3);
  await expect(plans.locator(".plan-card__price")).toHaveText([/₺199,00/, /₺399,00/, /₺799,00/]);
  await expect(plans.nth(1)).toContainText("Önerilen");
  await expect(plans.nth(0).getByRole("link")).toHaveAttribute("href", "/signup?plan=basic");

  await page.getByRole("link", { name: "Giriş Yap" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the install dialog explains the manual steps and leads to the app", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: /Yükle/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "Sofra'yı telefonunuza yükleyin" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("region", { name: "iPhone ve iPad" })).toContainText("Ana Ekrana Ekle");
  await expect(dialog.getByRole("region", { name: "Android" })).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Masaüstü" })).toBeVisible();
  await dialog.getByRole("link", { name: "İptal" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole("link", { name: /Yükle/ }).first().click();
  await page.getByRole("dialog").getByRole("link", { name: "Uygulamayı Aç" }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test("pricing switches between monthly and yearly and answers the questions", async ({ page }) => {
  await page.goto("/pricing");
  const prices = page.locator(".plan-card__price");
  await expect(prices).toHaveText([/₺199,00/, /₺399,00/, /₺799,00/]);
  await page.getByRole("link", { name: /Yıllık/ }).click();
  await expect(page).toHaveURL(/billing=yearly/);
  // Yearly is ten months' price, shown per month (to the kuruş) and in total.
  await expect(prices).toHaveText([/₺165,83/, /₺332,50/, /₺665,83/]);
  await expect(page.locator(".plan-card").first()).toContainText("₺1.990,00");
  await expect(page.getByText("2 ay bedava").first()).toBeVisible();
  await page.getByText("Aboneliğimi iptal edersem verilerim ne olur?").click();
  await expect(page.getByText(/verileriniz 30 gün saklanır/)).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Ana sayfa" })).toHaveAttribute("href", "/");
});

test("an unknown public path goes home; an unknown app path is a Turkish 404", async ({ page, owner }) => {
  await page.goto("/bu/sayfa/yok");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  const { logIn } = await import("./fixtures");
  await logIn(page, owner);
  const response = await page.goto("/app/boyle-bir-ekran-yok/alt");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Sayfa bulunamadı" })).toBeVisible();
});
