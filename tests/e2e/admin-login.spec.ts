import { expect, logIn, PLATFORM_ADMIN, test } from "./fixtures";

// The platform admin's way in and out, with JavaScript on and off (two Playwright projects).
test("a platform admin opens /admin, logs in with a wrong then the right password, lands there and logs out", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole("heading", { name: "Platform Yönetimi" })).toBeVisible();

  await page.getByLabel("E-posta").fill(PLATFORM_ADMIN.email);
  await page.getByLabel("Şifre").fill("yanlis-sifre-1");
  await page.getByRole("button", { name: "Giriş Yap" }).click();
  await expect(page.getByText("E-posta veya şifre hatalı.")).toBeVisible();

  await page.getByLabel("Şifre").fill(PLATFORM_ADMIN.password);
  await page.getByRole("button", { name: "Giriş Yap" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("navigation", { name: "Yönetim menüsü" })).toBeVisible();

  await page.getByRole("button", { name: "Çıkış" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?logged_out=1$/);
  await expect(page.getByText("Çıkış yapıldı.")).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
});

test("a restaurant owner's session does not open the admin zone", async ({ page, owner }) => {
  await logIn(page, owner);
  const response = await page.goto("/admin/dashboard");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("Bu sayfa yalnızca platform yöneticilerine açıktır.")).toBeVisible();
});
